import Link from "next/link";
import { GuildIcon } from "@/components/guild-icon";
import { ICON_SPRITE_URL, resolveIcon } from "@/lib/icons/plugin-icons";
import type { Locale } from "@/lib/i18n/locales";
import { pluginsByCategory } from "@/lib/plugins/index";
import { CATEGORIES } from "@/lib/plugins/types";
import { GuildMenu, type MenuGroup } from "./guild-menu";
import { PREMIUM, type MenuEntry } from "./menu-entry";
import type { PluginText } from "./plugin-text";
import styles from "./shell.module.css";

export type NavText = { label: string; menu: string; overview: string; auditLog: string; copySettings: string; enabled: string; premium: string; allServers: string };

type Props = {
  locale: Locale;
  guild: { id: string; name: string; icon: string | null };
  cdnBase: string;
  premium: boolean;
  text: NavText;
  pluginText: PluginText;
};

/** The guild's menu: a sidebar on wide screens, a bar with a toggle above the content on phones (one list for both). */
export function GuildNav({ locale, guild, cdnBase, premium, text, pluginText }: Props) {
  const base = `/${locale}/dashboard/${guild.id}`;
  const groups = pluginsByCategory();
  const pages: MenuEntry[] = [
    ["", text.overview, resolveIcon("grid")],
    ["audit-log", text.auditLog, resolveIcon("history")],
    ["copy-settings", text.copySettings, resolveIcon("copy")],
  ];
  const navGroups: MenuGroup[] = CATEGORIES.filter((category) => groups[category].length > 0).map((category) => ({
    id: category,
    heading: pluginText.category(category),
    // Which plugins are on, the menu reads in the browser (use-enabled-plugins.ts).
    items: groups[category].map((plugin): MenuEntry => (plugin.premium ? [plugin.id, pluginText.name(plugin.id), resolveIcon(plugin.icon), PREMIUM] : [plugin.id, pluginText.name(plugin.id), resolveIcon(plugin.icon)])),
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
      <GuildMenu guildId={guild.id} base={base} spriteUrl={ICON_SPRITE_URL} pages={pages} groups={navGroups} text={{ label: text.label, menu: text.menu, premium: text.premium, enabled: text.enabled }}>
        {header}
      </GuildMenu>
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
