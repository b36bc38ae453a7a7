import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PluginIconSprite } from "@/components/plugin-icon";
import { getEnv } from "@/lib/env";
import { loadGuildShell } from "@/lib/guilds/guild-shell";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { isSnowflake } from "@/lib/platform/snowflake";
import { getPluginStates } from "@/lib/plugins/plugin-states";
import { GuildNav } from "./guild-nav";
import { getPluginText } from "./plugin-text";
import { RefreshAfterWrites } from "./refresh-after-writes";
import styles from "./shell.module.css";

type Props = { children: React.ReactNode; params: Promise<{ locale: string; guildId: string }> };

// No guild is rendered at build time; each overview is rendered on first visit and then
// served from the page cache (see the overview page). Middleware decides who may see it.
export function generateStaticParams() {
  return [];
}

// The guild shell, drawn from the bot's view of the guild without the session.
export default async function GuildLayout({ children, params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  if (!isSnowflake(guildId)) notFound();
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const state = await loadGuildShell(guildId);

  const [states, t, tc, pluginText] = await Promise.all([
    getPluginStates(guildId),
    getTranslations({ locale, namespace: "guild" }),
    getTranslations({ locale, namespace: "common" }),
    getPluginText(locale),
  ]);
  const enabled = Object.fromEntries(Object.entries(states).map(([id, plugin]) => [id, plugin.enabled]));
  return (
    <div className={`container ${styles.shell}`}>
      <PluginIconSprite />
      <RefreshAfterWrites guildId={guildId} />
      {/* The menu holds ~40 links: keyboard users can jump past it. */}
      <a className="skip-link" href="#guild-content">
        {t("skipToPage")}
      </a>
      <GuildNav
        locale={locale}
        guild={state.guild}
        cdnBase={cdnBase}
        premium={state.premium}
        enabled={enabled}
        pluginText={pluginText}
        text={{
          label: t("nav.label"),
          menu: t("nav.menu"),
          overview: t("nav.overview"),
          auditLog: t("nav.auditLog"),
          copySettings: t("nav.copySettings"),
          enabled: t("nav.enabled"),
          premium: tc("premium"),
          allServers: t("backToServers"),
        }}
      />
      <div className={styles.content} id="guild-content" tabIndex={-1}>
        {state.stale ? (
          <p className="notice notice-warning" role="status" data-testid="stale-notice">
            {t("staleNotice")}
          </p>
        ) : null}
        {children}
      </div>
    </div>
  );
}
