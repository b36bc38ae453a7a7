import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { PluginIconSprite } from "@/components/plugin-icon";
import { getEnv } from "@/lib/env";
import { loadGuildPage } from "@/lib/guilds/guild-page";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { isSnowflake } from "@/lib/platform/snowflake";
import { getPluginStates } from "@/lib/plugins/plugin-states";
import { GuildNav } from "./guild-nav";
import { getPluginText } from "./plugin-text";
import { BotMissingPanel, NotManagedPanel } from "./status-panels";
import styles from "./shell.module.css";

type Props = { children: React.ReactNode; params: Promise<{ locale: string; guildId: string }> };

// The guild shell. Pages below also call loadGuildPage (cached per request) and
// render nothing unless it answers "ok": a layout cannot stop its page from running.
export default async function GuildLayout({ children, params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  if (!isSnowflake(guildId)) notFound();
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const state = await loadGuildPage(guildId);
  if (state.kind === "not_managed") return <NotManagedPanel locale={locale} />;
  if (state.kind === "bot_missing") return <BotMissingPanel locale={locale} guild={state.guild} cdnBase={cdnBase} />;

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
