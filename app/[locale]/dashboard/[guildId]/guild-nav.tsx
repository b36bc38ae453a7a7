import Link from "next/link";
import { GuildIcon } from "@/components/guild-icon";
import { PluginIcon } from "@/components/plugin-icon";
import type { Locale } from "@/lib/i18n/locales";
import { pluginsByCategory } from "@/lib/plugins/index";
import { CATEGORIES } from "@/lib/plugins/types";
import { MenuToggle } from "./menu-toggle";
import { NavLink } from "./nav-link";
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
  const pages = [
    { href: base, label: text.overview, exact: true, icon: "grid" },
    { href: `${base}/audit-log`, label: text.auditLog, icon: "history" },
    { href: `${base}/copy-settings`, label: text.copySettings, icon: "copy" },
  ];
  const pluginPages = CATEGORIES.flatMap((category) => groups[category].map((plugin) => ({ href: `${base}/${plugin.id}`, label: pluginText.name(plugin.id) })));

  const idPrefix = "nav";
  const list = (
    <>
      <ul className={styles.navList}>
        {pages.map((page) => (
          <li key={page.href}>
            <NavLink href={page.href} exact={page.exact} className={styles.navLink}>
              <PluginIcon name={page.icon} size={18} />
              <span className={styles.navName}>{page.label}</span>
            </NavLink>
          </li>
        ))}
      </ul>
      {CATEGORIES.filter((category) => groups[category].length > 0).map((category) => (
        <div key={category} className={styles.navGroup}>
          <p className={styles.navHeading} id={`${idPrefix}-${category}`}>
            {pluginText.category(category)}
          </p>
          <ul className={styles.navList} aria-labelledby={`${idPrefix}-${category}`}>
            {groups[category].map((plugin) => (
              <li key={plugin.id}>
                <NavLink href={`${base}/${plugin.id}`} className={styles.navLink}>
                  <PluginIcon name={plugin.icon} size={18} />
                  <span className={styles.navName}>{pluginText.name(plugin.id)}</span>
                  {plugin.premium ? (
                    <span className={styles.navPremium} title={text.premium}>
                      <PluginIcon name="crown" size={14} />
                      <span className="visually-hidden">{` (${text.premium})`}</span>
                    </span>
                  ) : null}
                  {enabled[plugin.id] ? (
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
        <MenuToggle pages={[...pages, ...pluginPages]} menuLabel={text.menu} controls="guild-menu" className={styles.menuToggle} labelClassName={styles.menuLabel} />
      </div>
      <nav id="guild-menu" aria-label={text.label} className={styles.nav}>
        {list}
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
