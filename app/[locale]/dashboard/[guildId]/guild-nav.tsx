import Link from "next/link";
import { GuildIcon } from "@/components/guild-icon";
import { pluginIconHref } from "@/components/plugin-icon";
import type { Locale } from "@/lib/i18n/locales";
import { pluginsByCategory } from "@/lib/plugins/index";
import { CATEGORIES } from "@/lib/plugins/types";
import { MenuToggle } from "./menu-toggle";
import { NavMenu, type NavGroup, type NavItem } from "./nav-menu";
import type { PluginText } from "./plugin-text";
import styles from "./shell.module.css";

export type NavText = { label: string; menu: string; overview: string; auditLog: string; copySettings: string; enabled: string; premium: string; allServers: string };

type Props = {
  locale: Locale;
  guild: { id: string; name: string; icon: string | null };
  cdnBase: string;
  premium: boolean;
  enabled: Record<string, boolean>;
  text: NavText;
  pluginText: PluginText;
};

/** The guild's menu: a sidebar on wide screens, a bar with a toggle above the content on phones (one list for both). */
export function GuildNav({ locale, guild, cdnBase, premium, enabled, text, pluginText }: Props) {
  const base = `/${locale}/dashboard/${guild.id}`;
  const groups = pluginsByCategory();
  const pages: NavItem[] = [
    { href: base, label: text.overview, exact: true, icon: pluginIconHref("grid") },
    { href: `${base}/audit-log`, label: text.auditLog, icon: pluginIconHref("history") },
    { href: `${base}/copy-settings`, label: text.copySettings, icon: pluginIconHref("copy") },
  ];
  const navGroups: NavGroup[] = CATEGORIES.filter((category) => groups[category].length > 0).map((category) => ({
    id: category,
    heading: pluginText.category(category),
    items: groups[category].map((plugin) => ({
      href: `${base}/${plugin.id}`,
      label: pluginText.name(plugin.id),
      icon: pluginIconHref(plugin.icon),
      ...(plugin.premium ? { premium: true } : {}),
      ...(enabled[plugin.id] ? { enabled: true } : {}),
    })),
  }));

  const header = (
    <div className={styles.navGuild}>
      <GuildIcon cdnBase={cdnBase} guild={guild} size={40} />
      <div className={styles.navGuildText}>
        <span className={styles.navGuildName}>{guild.name}</span>
        {premium ? <span className="badge badge-premium">{text.premium}</span> : null}
      </div>
    </div>
  );

  return (
    <aside className={styles.sidebar}>
      <Link href={`/${locale}/dashboard`} className={styles.allServers}>
        <BackArrow /> {text.allServers}
      </Link>
      <div className={styles.sidebarTop}>
        {header}
        <MenuToggle pages={[...pages, ...navGroups.flatMap((group) => group.items)]} menuLabel={text.menu} controls="guild-menu" className={styles.menuToggle} labelClassName={styles.menuLabel} />
      </div>
      <nav id="guild-menu" aria-label={text.label} className={styles.nav}>
        <NavMenu pages={pages} groups={navGroups} crownIcon={pluginIconHref("crown")} text={{ premium: text.premium, enabled: text.enabled }} />
      </nav>
    </aside>
  );
}

/** Points "back" in both writing directions (a text arrow would not mirror). */
function BackArrow() {
  return (
    <svg className={styles.backArrow} width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M19 12H5M11 6l-6 6 6 6" />
    </svg>
  );
}
