import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CustomBotPanel } from "@/components/custom-bot/custom-bot-panel";
import type { CustomBotText } from "@/components/custom-bot/text";
import { PluginIcon } from "@/components/plugin-icon";
import { loadCustomBotPage } from "@/lib/custom-bot/page-data";
import { getEnv } from "@/lib/env";
import { loadGuildShell } from "@/lib/guilds/guild-shell";
import { LANGUAGES, localeOr } from "@/lib/i18n/locales";
import { customBot } from "@/lib/plugins/custom_bot/definition";
import { premiumHref } from "@/lib/premium/href";
import { GuildFrame } from "../guild-frame";
import { pluginPageMetadata, type PluginRouteProps } from "../plugin-page";
import { getPluginText } from "../plugin-text";
import styles from "../plugin-page.module.css";

// The custom bot's page: its own, not the generic plugin page, since the bot is set up with a
// token and turned on by it (no settings form, no switch: lib/custom-bot/). Cached like the other
// plugin pages (the same for every manager, expired by each write to the guild); what it shows of
// the bot never holds its token.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

export async function generateMetadata({ params }: PluginRouteProps): Promise<Metadata> {
  return pluginPageMetadata((await params).locale, customBot.id);
}

const TEXT_KEYS = ["upsell", "lapsed", "setup", "newToken", "card", "blocked", "invite", "presence", "avatar", "backstory", "disable", "saving", "failed"] as const satisfies ReadonlyArray<keyof CustomBotText>;

export default async function CustomBotPage({ params }: PluginRouteProps) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const shell = await loadGuildShell(guildId, "custom_bot");
  const [data, pluginText, tc, t] = await Promise.all([loadCustomBotPage(guildId, locale), getPluginText(locale), getTranslations({ locale, namespace: "common" }), getTranslations({ locale, namespace: "customBot" })]);
  // Templates go over raw: the island fills {name} {date} {server} {url} itself.
  const text = Object.fromEntries(TEXT_KEYS.map((key) => [key, t.raw(key)])) as CustomBotText;
  const name = pluginText.name(customBot.id);

  return (
    <GuildFrame locale={locale} shell={shell}>
      <header className={styles.header}>
        <span className={styles.icon}>
          <PluginIcon name={customBot.icon} size={28} />
        </span>
        <div className={styles.headerText}>
          <h1>
            {name} <span className="badge badge-premium">{tc("premium")}</span>
          </h1>
          <p>{pluginText.description(customBot.id)}</p>
        </div>
      </header>
      <CustomBotPanel
        guildId={guildId}
        guildName={shell.guild.name}
        dateTag={LANGUAGES[locale].tag}
        view={data.view}
        channels={data.channels}
        redirectUrl={`${getEnv().APP_URL}/guild-oauth`}
        premiumHref={premiumHref(locale, guildId)}
        text={text}
      />
    </GuildFrame>
  );
}
