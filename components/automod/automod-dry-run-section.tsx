import "server-only";
import { getTranslations } from "next-intl/server";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { CHANNEL_TYPES_BY_UI } from "@/lib/plugins/channel-uis";
import type { Locale } from "@/lib/i18n/locales";
import { AUTOMOD_ACTIONS, AUTOMOD_TRIGGERS, type AutomodAction, type AutomodTrigger } from "@/lib/moderation/automod/triggers";
import type { DryRunText } from "./automod-dry-run";
import { LazyAutomodDryRun } from "./lazy-automod-dry-run";
import styles from "./automod-dry-run.module.css";

const KEYS = ["source", "pasted", "channel", "messagesLabel", "channelLabel", "chooseChannel", "run", "running", "paused", "passes", "off", "found", "error", "empty", "results", "tooMany", "author"] as const;

/** The automod rules' dry run, under the rules on the moderator page. */
export async function AutomodDryRunSection({ guildId, locale }: { guildId: string; locale: Locale }) {
  const [t, plugins, pickers] = await Promise.all([getTranslations({ locale, namespace: "automodDryRun" }), getTranslations({ locale, namespace: "plugins" }), getGuildPickers(guildId)]);
  const text = Object.fromEntries(KEYS.map((key) => [key, t.raw(key) as string])) as DryRunText;
  const field = "moderator.collections.rules.fields";
  const triggers = Object.fromEntries(AUTOMOD_TRIGGERS.map((trigger) => [trigger, plugins(`${field}.trigger.options.${trigger}`)])) as Record<AutomodTrigger, string>;
  const actions = Object.fromEntries(AUTOMOD_ACTIONS.map((action) => [action, plugins(`${field}.actions.options.${action}`)])) as Record<AutomodAction, string>;
  const channels = pickers.channels.filter((channel) => CHANNEL_TYPES_BY_UI.channel.includes(channel.type)).map((channel) => ({ id: channel.id, name: channel.name }));
  return (
    <section className={styles.panel} aria-labelledby="automod-dry-run-title">
      <h3 id="automod-dry-run-title">{t("title")}</h3>
      <p className={styles.intro}>{t("intro")}</p>
      <LazyAutomodDryRun guildId={guildId} channels={channels} text={text} triggers={triggers} actions={actions} />
    </section>
  );
}
