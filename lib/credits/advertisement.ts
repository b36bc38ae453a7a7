import "server-only";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { postMessage } from "@/lib/platform/messages-api";
import { EMBED_LIMITS } from "@/lib/platform-messages/limits";
import { AD_CATEGORIES } from "@/lib/plugins/credits/definition";
import { snowflake } from "@/lib/plugins/fields";
import { assertTextChannel, NO_MENTIONS, posting } from "@/lib/plugins/posting";
import { inputText } from "@/lib/validation/text";
import { addCredits, spendCredits } from "./ledger";

/** What one advertisement costs, in credits. */
export const ADVERTISEMENT_COST = 10;

/** An advertisement: posted as one embed (title and text within the platform's limits) in a channel of the guild. */
export const advertisementBody = z.strictObject({
  channel_id: snowflake,
  category: z.enum(AD_CATEGORIES),
  title: inputText().trim().min(1).max(EMBED_LIMITS.title),
  text: inputText().trim().min(1).max(EMBED_LIMITS.description),
});
export type Advertisement = z.output<typeof advertisementBody>;

/**
 * Sends an advertisement: the channel is checked first (a refusal costs nothing), the cost is
 * taken (402 `credits_insufficient` when the guild has less), then the message is posted. When
 * the platform refuses the post, the cost comes back as its own `refund` line and the
 * platform's refusal is the answer: nobody pays for an advertisement that was not sent.
 */
export async function sendAdvertisement(db: Db, guildId: string, actorId: string, ad: Advertisement): Promise<{ message_id: string; channel_id: string; balance: number }> {
  const channelId = await posting(() => assertTextChannel(guildId, ad.channel_id));
  const note = `${ad.category} · #${channelId}`;
  const spent = await db.transaction((tx) => spendCredits(tx, { guildId, cost: ADVERTISEMENT_COST, reason: "advertisement", actorId, note }));
  try {
    const posted = await posting(() =>
      postMessage(channelId, { embeds: [{ title: ad.title, description: ad.text, footer: { text: `#${ad.category}` } }], allowed_mentions: NO_MENTIONS }),
    );
    return { message_id: posted.id, channel_id: channelId, balance: spent.balance };
  } catch (error) {
    await db.transaction((tx) => addCredits(tx, { guildId, amount: ADVERTISEMENT_COST, reason: "refund", actorId, note, reference: `refund:${spent.lineId}` }));
    throw error;
  }
}
