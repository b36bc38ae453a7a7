import "server-only";
import { and, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { deliveries } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { listMessages, postMessage, type MessageBody } from "@/lib/platform/messages-api";
import { postFailureOf } from "./failures";
import { recordFailure, recordPosted } from "./run-status";

// Posting a claimed delivery, once. The claim's nonce goes with the post (`enforce_nonce`): a
// second attempt after a worker died between posting and recording it gets the first message
// back from the platform instead of a second one. The platform remembers nonces for a few
// minutes only, so a claim older than that is first looked for among the channel's latest
// messages.

export const POST_JOB = "deliveries.post";
/** Trust the platform's nonce memory (5 minutes on Discord and the emulator) for claims younger than this. */
const NONCE_TRUST_MS = 4 * 60_000;
/** Claims still unposted after this long lost their job (a worker died before sending it): recover sends them again. */
const RECOVER_AFTER_MS = 90_000;

/** What tells two posts apart when reading a channel: the text and each embed's title and description. */
const fingerprint = (content: string | undefined, embeds: ReadonlyArray<{ title?: string; description?: string }> | undefined) =>
  JSON.stringify([content ?? "", (embeds ?? []).map((embed) => [embed.title ?? "", embed.description ?? ""])]);

/** An earlier attempt's message, when the bot already posted this body among the channel's latest messages. */
async function alreadyPosted(channelId: string, body: MessageBody): Promise<{ id: string } | null> {
  const latest = await listMessages(channelId, { limit: 50 });
  const botId = getEnv().DISCORD_CLIENT_ID;
  const wanted = fingerprint(body.content, body.embeds);
  return latest.find((message) => message.author.id === botId && fingerprint(message.content, message.embeds) === wanted) ?? null;
}

async function postDelivery(key: string, { db, queue, now }: JobContext): Promise<void> {
  const [row] = await db.select().from(deliveries).where(eq(deliveries.key, key)).limit(1);
  if (!row || row.status !== "claimed" || !row.channelId || !row.body) return;
  const item = { guildId: row.guildId, pluginId: row.pluginId, itemId: row.itemId };
  const body = row.body as MessageBody;
  let messageId: string;
  try {
    const earlier = now().getTime() - row.claimedAt.getTime() > NONCE_TRUST_MS ? await alreadyPosted(row.channelId, body) : null;
    messageId = earlier?.id ?? (await postMessage(row.channelId, { ...body, nonce: row.nonce, enforce_nonce: true })).id;
  } catch (error) {
    const failure = postFailureOf(error);
    await recordFailure(db, item, failure, now(), failure.pause ? {} : { retry_after: failure.retryAfter ?? 0 });
    if (failure.pause) {
      await db.update(deliveries).set({ status: "failed" }).where(eq(deliveries.key, key));
      return;
    }
    // The platform said when: ask again then, not on the queue's backoff.
    if (failure.retryAfter !== undefined) {
      await queue.sendAfter(POST_JOB, { key }, null, failure.retryAfter);
      return;
    }
    throw error;
  }
  const at = now();
  await db.transaction(async (tx) => {
    await tx.update(deliveries).set({ status: "posted", messageId, postedAt: at }).where(and(eq(deliveries.key, key), eq(deliveries.status, "claimed")));
    await recordPosted(tx, item, { channelId: row.channelId!, messageId }, at);
  });
}

export const postDeliveryJob = defineJob({
  name: POST_JOB,
  data: z.object({ key: inputText().min(1).max(300) }),
  // A lost run (worker killed) is taken up again after a minute, well inside the nonce memory.
  queue: { retryLimit: 5, retryDelay: 5, retryBackoff: true, retryDelayMax: 120, expireInSeconds: 60 },
  concurrency: 4,
  run: ({ key }, context) => postDelivery(key, context),
});

/** Sends the post job again for claims whose job was lost between their claim and its sending. */
export const recoverDeliveriesJob = defineJob({
  name: "deliveries.recover",
  data: z.object({}),
  queue: { retryLimit: 1, expireInSeconds: 60 },
  schedules: [{ key: "every-minute", cron: "* * * * *", data: {} }],
  run: async (_data, { db, queue, now }) => {
    const stale = await db
      .select({ key: deliveries.key })
      .from(deliveries)
      .where(and(eq(deliveries.status, "claimed"), lt(deliveries.claimedAt, new Date(now().getTime() - RECOVER_AFTER_MS))))
      .orderBy(sql`${deliveries.claimedAt}`)
      .limit(500);
    if (stale.length > 0) await queue.insert(POST_JOB, stale.map((row) => ({ data: { key: row.key }, singletonKey: row.key })));
  },
});

/** Sends the post jobs of keys just claimed: to run now, or not before `startAfter` (a timer's turn). */
export async function sendPostJobs(queue: JobContext["queue"], keys: readonly string[], startAfter?: Date): Promise<void> {
  if (keys.length > 0) await queue.insert(POST_JOB, keys.map((key) => ({ data: { key }, singletonKey: key, ...(startAfter ? { startAfter } : {}) })));
}
