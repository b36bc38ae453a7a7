import "server-only";
import { getTranslations } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import { ADVERTISEMENT_COST } from "@/lib/credits/advertisement";
import { ledgerQuery, readCredits } from "@/lib/credits/ledger";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import { EMBED_LIMITS } from "@/lib/platform-messages/limits";
import { CHANNEL_TYPES_BY_UI } from "@/lib/plugins/channel-uis";
import { AD_CATEGORIES } from "@/lib/plugins/credits/definition";
import { CREDIT_PACK_SIZE } from "@/lib/credits/purchase";
import { CreditsPanel } from "./credits-panel";
import { CREDITS_TEXT_KEYS, type CreditsText } from "./text";

// The Credits page (spec: GET /plugins/credits/guilds/{id}/credits, POST send_advertisement):
// the balance and the first page of the ledger drawn here with the page; older lines and the
// advertisement form in the island.
export async function CreditsSection({ guildId, locale }: { guildId: string; locale: Locale }) {
  const [t, first, { channels }] = await Promise.all([getTranslations({ locale, namespace: "creditsPanel" }), readCredits(await getDb(), guildId, ledgerQuery.parse({})), getGuildPickers(guildId)]);
  const text = Object.fromEntries(CREDITS_TEXT_KEYS.map((key) => [key, t.raw(key)])) as CreditsText;
  // The channels an advertisement may go to: those send_advertisement accepts (lib/plugins/posting.ts assertTextChannel).
  const postable = channels.filter((channel) => CHANNEL_TYPES_BY_UI.channel.includes(channel.type)).map((channel) => ({ id: channel.id, name: channel.name }));
  return (
    <CreditsPanel
      guildId={guildId}
      languageTag={LANGUAGES[locale].tag}
      initial={first}
      channels={postable}
      categories={AD_CATEGORIES}
      cost={ADVERTISEMENT_COST}
      packSize={CREDIT_PACK_SIZE}
      limits={{ title: EMBED_LIMITS.title, text: EMBED_LIMITS.description }}
      text={text}
    />
  );
}
