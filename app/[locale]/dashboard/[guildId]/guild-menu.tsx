"use client";

import { useEffect, useRef, useState, type ReactNode } from "react";
import { usePathname } from "next/navigation";
import { usePremiumHref } from "@/components/premium/use-premium-href";
import { SpriteIcon } from "@/components/sprite-icon";
import { ENABLED, PREMIUM, type MenuEntry } from "./menu-entry";
import { NavLink } from "./nav-link";
import { useEnabledPlugins } from "./use-enabled-plugins";
import styles from "./shell.module.css";

export type MenuGroup = { id: string; heading: string; items: MenuEntry[] };
export type MenuText = { label: string; menu: string; premium: string; enabled: string };

type Props = {
  guildId: string;
  /** /{locale}/dashboard/{guildId} */
  base: string;
  spriteUrl: string;
  pages: MenuEntry[];
  groups: MenuGroup[];
  text: MenuText;
  /** The guild's name and icon, drawn by the server above the menu. */
  children: ReactNode;
};

/**
 * The guild's menu: a sidebar on wide screens; on phones a bar whose button, naming the
 * current page, folds the same list open and closed (data-open on the sidebar; the CSS
 * shows it). One island for both, from a compact list: as server components each of the
 * ~40 links went into the page's payload as a full element tree, twice the size of the HTML.
 * Its links carry no classes or icon sizes (shell.module.css styles `.navList a`): every byte
 * of a link is paid ~40 times on every guild page.
 */
export function GuildMenu({ guildId, base, spriteUrl, pages, groups, text, children }: Props) {
  const pathname = usePathname();
  const enabled = useEnabledPlugins(guildId);
  const premiumHref = usePremiumHref();
  const hrefOf = ([slug]: MenuEntry) => (slug ? `${base}/${slug}` : base);
  const current = [...pages, ...groups.flatMap((group) => group.items)].find((entry) => {
    const href = hrefOf(entry);
    return pathname === href || (entry[0] !== "" && pathname.startsWith(`${href}/`));
  });
  const link = (entry: MenuEntry) => {
    const [slug, label, icon, premium = 0] = entry;
    const flags = premium | (enabled?.has(slug) ? ENABLED : 0);
    return (
    <li key={slug}>
      <NavLink href={hrefOf(entry)} exact={slug === ""}>
        <SpriteIcon href={`${spriteUrl}#${icon}`} />
        <span>{label}</span>
        {flags & PREMIUM ? (
          <span className={styles.navPremium} title={text.premium}>
            <SpriteIcon href={`${spriteUrl}#crown`} />
            <span className="visually-hidden">{` (${text.premium})`}</span>
          </span>
        ) : null}
        {flags & ENABLED ? (
          <span className={styles.navDot} title={text.enabled}>
            <span className="visually-hidden">{` (${text.enabled})`}</span>
          </span>
        ) : null}
      </NavLink>
    </li>
    );
  };

  return (
    <>
      <div className={styles.sidebarTop}>
        {children}
        <MenuToggle currentLabel={current?.[1]} menuLabel={text.menu} />
      </div>
      <nav id="guild-menu" aria-label={text.label} className={styles.nav}>
        <ul className={styles.navList}>
          {pages.map(link)}
          {/* Where the crowns below lead: what Premium unlocks, for this server. */}
          <li>
            <NavLink href={premiumHref}>
              <SpriteIcon href={`${spriteUrl}#crown`} />
              <span>{text.premium}</span>
            </NavLink>
          </li>
        </ul>
        {groups.map((group) => (
          <div key={group.id} className={styles.navGroup}>
            <p className={styles.navHeading} id={`nav-${group.id}`}>
              {group.heading}
            </p>
            <ul className={styles.navList} aria-labelledby={`nav-${group.id}`}>
              {group.items.map(link)}
            </ul>
          </div>
        ))}
      </nav>
    </>
  );
}

/** The phone bar's button: opens and closes the menu; following a link of it closes it. */
function MenuToggle({ currentLabel, menuLabel }: { currentLabel: string | undefined; menuLabel: string }) {
  const pathname = usePathname();
  const [open, setOpen] = useState(false);
  const [seenPath, setSeenPath] = useState(pathname);
  const button = useRef<HTMLButtonElement>(null);

  if (pathname !== seenPath) {
    setSeenPath(pathname);
    setOpen(false);
  }
  useEffect(() => {
    const sidebar = button.current?.closest("aside");
    if (sidebar) sidebar.dataset.open = String(open);
    if (!open) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [open]);

  return (
    <button ref={button} type="button" className={styles.menuToggle} aria-expanded={open} aria-controls="guild-menu" onClick={() => setOpen(!open)}>
      <span className="visually-hidden">{menuLabel}: </span>
      <span className={styles.menuLabel}>{currentLabel ?? menuLabel}</span>
      <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="m6 9 6 6 6-6" />
      </svg>
    </button>
  );
}
