"use client";

import { SpriteIcon } from "@/components/sprite-icon";
import { NavLink } from "./nav-link";
import styles from "./shell.module.css";

export type NavItem = { href: string; label: string; icon: string; exact?: boolean; premium?: boolean; enabled?: boolean };
export type NavGroup = { id: string; heading: string; items: NavItem[] };

type Props = { pages: NavItem[]; groups: NavGroup[]; crownIcon: string; text: { premium: string; enabled: string } };

/**
 * The links of the guild menu, drawn from a compact list: as a server component each of the
 * ~40 links went into the page's payload as a full element tree, twice the size of the HTML.
 */
export function NavMenu({ pages, groups, crownIcon, text }: Props) {
  return (
    <>
      <ul className={styles.navList}>
        {pages.map((page) => (
          <li key={page.href}>
            <NavLink href={page.href} exact={page.exact} className={styles.navLink}>
              <SpriteIcon href={page.icon} size={18} />
              <span className={styles.navName}>{page.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {groups.map((group) => (
        <div key={group.id} className={styles.navGroup}>
          <p className={styles.navHeading} id={`nav-${group.id}`}>
            {group.heading}
          </p>
          <ul className={styles.navList} aria-labelledby={`nav-${group.id}`}>
            {group.items.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href} className={styles.navLink}>
                  <SpriteIcon href={item.icon} size={18} />
                  <span className={styles.navName}>{item.label}</span>
                  {item.premium ? (
                    <span className={styles.navPremium} title={text.premium}>
                      <SpriteIcon href={crownIcon} size={14} />
                      <span className="visually-hidden">{` (${text.premium})`}</span>
                    </span>
                  ) : null}
                  {item.enabled ? (
                    <span className={styles.navDot} title={text.enabled}>
                      <span className="visually-hidden">{` (${text.enabled})`}</span>
                    </span>
                  ) : null}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
