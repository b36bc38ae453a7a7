import type { Metadata } from "next";
import { Suspense } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { SubscriptionSection, SubscriptionSectionPlaceholder } from "@/components/billing/subscription-section";
import { cardCheckoutHref, subscriptionText } from "@/components/billing/subscription-text";
import { GuildIcon } from "@/components/guild-icon";
import { fillNodes } from "@/components/pickers/fill-nodes";
import { getEnv } from "@/lib/env";
import { loadGuildShell } from "@/lib/guilds/guild-shell";
import { OVERVIEW_AREA } from "@/lib/guilds/page-cache-tag";
import { guildLanguage } from "@/lib/guilds/guild-language";
import { getGuildSettings } from "@/lib/guilds/settings-queries";
import { languageLabel, languageName } from "@/lib/i18n/language-name";
import { localeOr, LOCALES } from "@/lib/i18n/locales";
import { pluginsByCategory, PLUGINS } from "@/lib/plugins/index";
import { getEnabledPlugins } from "@/lib/plugins/plugin-states";
import { CATEGORIES } from "@/lib/plugins/types";
import { BotJoinedNotice } from "./bot-joined-notice";
import { BotSettings } from "./bot-settings";
import { getFormStrings } from "./form-labels";
import { PluginCard } from "./plugin-card";
import { GuildFrame } from "./guild-frame";
import { getPluginText } from "./plugin-text";
import styles from "./overview.module.css";

type Props = { params: Promise<{ locale: string; guildId: string }> };

// Rendered once per guild and language, then served from the page cache: nothing here
// reads the session. Middleware lets only the guild's managers through, and writes to the
// guild expire the page at once (lib/guilds/page-cache.ts), as does a change the platform
// shows (name, icon: lib/platform/bot-api.ts). What changes otherwise (the member count, what
// a job did) shows within this many seconds.
export const revalidate = 60;

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  const [state, t] = await Promise.all([loadGuildShell(guildId, OVERVIEW_AREA), getTranslations({ locale, namespace: "guild" })]);
  return { title: t("metaTitle", { name: state.guild.name }), robots: { index: false } };
}

/** Every plugin as a card with its switch, grouped by category; all from the server, no client fetch. */
export default async function GuildOverviewPage({ params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const state = await loadGuildShell(guildId, OVERVIEW_AREA);

  const [enabled, t, tc, pluginText, settings, tb, strings, subscription] = await Promise.all([
    getEnabledPlugins(guildId),
    getTranslations({ locale, namespace: "guild" }),
    getTranslations({ locale, namespace: "common" }),
    getPluginText(locale),
    getGuildSettings(guildId),
    getTranslations({ locale, namespace: "botSettings" }),
    getFormStrings(locale, { pickers: true }),
    subscriptionText(locale),
  ]);
  const groups = pluginsByCategory();
  const enabledCount = PLUGINS.filter((plugin) => enabled.has(plugin.id)).length;
  const { guild } = state;

  return (
    <GuildFrame locale={locale} shell={state}>
      <header className={styles.header} data-testid="guild-overview">
        <GuildIcon cdnBase={getEnv().DISCORD_CDN_URL} guild={guild} size={72} />
        <div className={styles.headerText}>
          <h1>{fillNodes(t.raw("overviewTitle") as string, { name: guild.name })}</h1>
          <p className={styles.stats}>
            <span>{t("members", { count: guild.member_count })}</span>
            <span>{t("enabledCount", { count: enabledCount, total: PLUGINS.length })}</span>
            {state.premium ? <span className="badge badge-premium">{tc("premium")}</span> : null}
          </p>
        </div>
      </header>
      {/* Reads ?bot=joined (back from adding the bot) on the client, like ?premium= below. */}
      <Suspense>
        <BotJoinedNotice guildName={guild.name} text={t.raw("botJoined") as string} />
      </Suspense>
      <p className={styles.intro}>{t("overviewBody")}</p>
      {/* Reads ?premium= (back from checkout) on the client: the page itself is cached for every manager. */}
      <Suspense fallback={<SubscriptionSectionPlaceholder text={subscription} />}>
        <SubscriptionSection guildId={guildId} locale={locale} buyHref={cardCheckoutHref(guildId)} text={subscription} />
      </Suspense>

      {CATEGORIES.filter((category) => groups[category].length > 0).map((category) => (
        <section key={category} className={styles.section} aria-labelledby={`category-${category}`}>
          <h2 id={`category-${category}`} className={styles.sectionTitle}>
            {pluginText.category(category)} <span className="badge">{groups[category].length}</span>
          </h2>
          <ul className={styles.grid}>
            {groups[category].map((plugin) => {
              const name = pluginText.name(plugin.id);
              return (
                <PluginCard
                  key={plugin.id}
                  plugin={plugin}
                  href={`/${locale}/dashboard/${guildId}/${plugin.id}`}
                  guildId={guildId}
                  enabled={enabled.has(plugin.id)}
                  premiumGuild={state.premium}
                  text={{ name, description: pluginText.description(plugin.id), premium: tc("premium"), enable: t("enablePlugin", { name }), on: t("on"), off: t("off"), openSettings: t("openSettings") }}
                />
              );
            })}
          </ul>
        </section>
      ))}

      <BotSettings
        guildId={guildId}
        initial={{ locale: settings.locale, timezone: settings.timezone, version: settings.version }}
        languages={LOCALES.map((code) => ({ code, name: languageLabel(code, locale) }))}
        platformLanguage={languageName(guildLanguage(null, state.platformLocale), locale)}
        text={{
          title: tb("title"),
          description: tb("description"),
          language: tb("language"),
          languageAuto: tb.raw("languageAuto") as string,
          timeZone: tb("timeZone"),
          timeZoneHelp: tb("timeZoneHelp"),
          clear: tb("clear"),
          save: tb("save"),
          saving: tb("saving"),
          saved: tb("saved"),
          conflict: tb("conflict"),
          noMatches: strings.labels.noMatches,
        }}
        pickerLabels={strings.labels.pickers!}
      />
    </GuildFrame>
  );
}
