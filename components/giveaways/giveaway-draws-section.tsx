import "server-only";
import { getTranslations } from "next-intl/server";
import { getCollectionExtrasText } from "@/components/settings-form/collection-extras";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { listGiveawayViews } from "@/lib/plugins/giveaways/server";
import type { DrawsText } from "./giveaway-draws";
import { GiveawayDraws } from "./giveaway-draws";

const KEYS = [
  "title", "intro", "empty", "endsIn", "endedAt", "timeUp", "tally", "winners", "reroll_round", "nobodyWon",
  "start", "end", "reroll", "cancel", "starting", "ending", "rerolling", "cancelling",
  "confirmEnd", "confirmReroll", "confirmCancel", "started", "ended", "endedNobody", "rerolled", "cancelled", "open", "dismiss",
  "status.scheduled", "status.running", "status.ended", "status.cancelled",
] as const;

/** The giveaways page's list of giveaways by state, with Start, End now, Reroll and Cancel. */
export async function GiveawayDrawsSection({ guildId, locale, channels, disabled }: { guildId: string; locale: Locale; channels: Record<string, string>; disabled: boolean }) {
  const [{ giveaways }, t, actions] = await Promise.all([getDb().then((db) => listGiveawayViews(db, guildId)), getTranslations({ locale, namespace: "giveawayDraws" }), getCollectionExtrasText(locale)]);
  const text = Object.fromEntries(KEYS.map((key) => [key, t.raw(key) as string])) as DrawsText;
  return (
    <GiveawayDraws
      guildId={guildId}
      locale={locale}
      initial={giveaways}
      channels={channels}
      disabled={disabled}
      linkBase={getEnv().DISCORD_OAUTH_URL}
      text={text}
      errors={actions.errors}
    />
  );
}
