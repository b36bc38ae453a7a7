import "server-only";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { sourcePolls } from "@/lib/db/schema";
import { claimDeliveries, knownKeys, skipDeliveries, type Claim } from "@/lib/deliveries/claim";
import { sendPostJobs } from "@/lib/deliveries/post";
import { isPaused, pausedItems, recordFailure } from "@/lib/deliveries/run-status";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { ProviderError } from "@/lib/providers/errors";
import { providerAdapter } from "@/lib/providers/registry";
import { PROVIDER_IDS, type PollGoneCode, type PollState, type PolledItem, type ProviderId, type SourcePoll } from "@/lib/providers/types";
import { alertMessage, guildAccessCache } from "./alert-message";
import { backOff, backedOffUntil, clearBackoff } from "./backoff";
import { checkCron } from "./cadence";
import { enabledSubscriptions, type Subscription } from "./subscriptions";

// One check of a provider: every enabled subscription's source asked once (batched as the
// provider allows), and each item not seen before by a subscription claimed for posting in
// one transaction with the others, so it is posted once (lib/deliveries). A subscription's
// first check only notes what is there already; items published before it was created are
// never posted. A failing provider is backed off (./backoff.ts); a source that is gone pauses
// its subscriptions with that reason.

export type CheckReport = { provider: ProviderId; sources: number; subscriptions: number; claimed: number; skipped: number; backedOffUntil: Date | null };

/** The delivery key of an item for a subscription; `*` marks that the subscription was checked once. */
const keyOf = (provider: ProviderId, subscriptionId: string, itemKey: string) => `${provider}:${subscriptionId}:${itemKey}`;
const FIRST_CHECK = "*";
const OLDER_MARGIN_MS = 60_000;

async function saveSourceStates(db: Db, provider: ProviderId, results: Map<string, SourcePoll>, now: Date): Promise<void> {
  const rows = [...results].map(([sourceId, result]) => ({
    provider,
    sourceId,
    state: result.ok ? result.state : null,
    checkedAt: now,
    goneReason: result.ok ? null : result.reason,
  }));
  for (let start = 0; start < rows.length; start += 1000) {
    await db
      .insert(sourcePolls)
      .values(rows.slice(start, start + 1000))
      .onConflictDoUpdate({
        target: [sourcePolls.provider, sourcePolls.sourceId],
        // A 304 keeps the state it answered; only a fresh answer replaces it.
        set: { state: sql`coalesce(excluded.state, ${sourcePolls.state})`, checkedAt: sql`excluded.checked_at`, goneReason: sql`excluded.gone_reason` },
      });
  }
}

async function readSourceStates(db: Db, provider: ProviderId): Promise<Map<string, PollState | null>> {
  const rows = await db.select({ sourceId: sourcePolls.sourceId, state: sourcePolls.state }).from(sourcePolls).where(eq(sourcePolls.provider, provider));
  return new Map(rows.map((row) => [row.sourceId, row.state]));
}

export async function checkProvider(provider: ProviderId, { db, queue, now }: JobContext): Promise<CheckReport> {
  const report: CheckReport = { provider, sources: 0, subscriptions: 0, claimed: 0, skipped: 0, backedOffUntil: null };
  const adapter = providerAdapter(provider);
  if (!adapter.configured()) return report;
  const waitUntil = await backedOffUntil(db, provider, now());
  if (waitUntil) return { ...report, backedOffUntil: waitUntil };

  const all = await enabledSubscriptions(db, provider);
  const paused = await pausedItems(db, { pluginId: provider }, all.map((subscription) => subscription.id));
  const subscriptions = all.filter((subscription) => !isPaused(paused.get(subscription.id), subscription.updatedAt));
  const bySource = new Map<string, Subscription[]>();
  for (const subscription of subscriptions) {
    const list = bySource.get(subscription.sourceId);
    if (list) list.push(subscription);
    else bySource.set(subscription.sourceId, [subscription]);
  }
  report.sources = bySource.size;
  report.subscriptions = subscriptions.length;
  if (bySource.size === 0) return report;

  const states = await readSourceStates(db, provider);
  let results: Map<string, SourcePoll>;
  try {
    results = await adapter.poll([...bySource.keys()].map((id) => ({ id, state: states.get(id) ?? null })));
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return { ...report, backedOffUntil: await backOff(db, provider, now(), `${error.failure}: ${error.message}`, error.retryAfter) };
  }
  await clearBackoff(db, provider);
  const checkedAt = now();
  await saveSourceStates(db, provider, results, checkedAt);

  // Every (subscription, item) pair, and which of them were seen before.
  const pairs: Array<{ subscription: Subscription; item: PolledItem }> = [];
  const gone: Array<{ subscription: Subscription; code: PollGoneCode }> = [];
  const unreadable: Subscription[] = [];
  for (const [sourceId, result] of results) {
    const subscribers = bySource.get(sourceId) ?? [];
    if (!result.ok) gone.push(...subscribers.map((subscription) => ({ subscription, code: result.code })));
    else if (result.error) unreadable.push(...subscribers);
    else for (const subscription of subscribers) for (const item of result.items) pairs.push({ subscription, item });
  }
  const known = await knownKeys(db, [...subscriptions.map((subscription) => keyOf(provider, subscription.id, FIRST_CHECK)), ...pairs.map(({ subscription, item }) => keyOf(provider, subscription.id, item.key))]);

  const skipped: Array<{ key: string; guildId: string; pluginId: string; itemId: string }> = [];
  const fresh: typeof pairs = [];
  for (const subscription of subscriptions) {
    if (!known.has(keyOf(provider, subscription.id, FIRST_CHECK)) && results.get(subscription.sourceId)?.ok) skipped.push({ key: keyOf(provider, subscription.id, FIRST_CHECK), guildId: subscription.guildId, pluginId: provider, itemId: subscription.id });
  }
  for (const pair of pairs) {
    const key = keyOf(provider, pair.subscription.id, pair.item.key);
    if (known.has(key)) continue;
    const target = { key, guildId: pair.subscription.guildId, pluginId: provider, itemId: pair.subscription.id };
    const firstCheck = !known.has(keyOf(provider, pair.subscription.id, FIRST_CHECK));
    // Providers give times to the second (or the minute): only what is clearly older counts as older.
    const publishedBefore = pair.item.published_at !== null && Date.parse(pair.item.published_at) < pair.subscription.createdAt.getTime() - OLDER_MARGIN_MS;
    if (firstCheck || publishedBefore) skipped.push(target);
    else fresh.push(pair);
  }

  const accessOf = guildAccessCache(db);
  const claims: Claim[] = [];
  for (const { subscription, item } of fresh) {
    try {
      const body = await alertMessage(await accessOf(subscription.guildId), subscription, item);
      claims.push({ key: keyOf(provider, subscription.id, item.key), guildId: subscription.guildId, pluginId: provider, itemId: subscription.id, channelId: subscription.channelId, body });
    } catch (error) {
      // The guild as the bot sees it could not be read: the bot was removed, or the platform is down (tried again next check).
      await recordFailure(db, { guildId: subscription.guildId, pluginId: provider, itemId: subscription.id }, { code: "platform_unavailable", pause: false }, now(), { detail: error instanceof Error ? error.message : String(error) });
    }
  }
  const claimed = await db.transaction(async (tx) => {
    await skipDeliveries(tx, skipped);
    return claimDeliveries(tx, claims);
  });
  await sendPostJobs(queue, claimed);
  for (const { subscription, code } of gone) {
    await recordFailure(db, { guildId: subscription.guildId, pluginId: provider, itemId: subscription.id }, { code, pause: true }, now());
  }
  // A feed whose host did not answer this time: said in the log, tried again next check.
  for (const subscription of unreadable) {
    await recordFailure(db, { guildId: subscription.guildId, pluginId: provider, itemId: subscription.id }, { code: "provider_unavailable", pause: false }, now());
  }
  return { ...report, claimed: claimed.length, skipped: skipped.length };
}

export const checkAlertsJob = defineJob({
  name: "alerts.check",
  data: z.object({ provider: z.enum(PROVIDER_IDS) }),
  // One check of a provider at a time (exclusive by provider), however many workers.
  queue: { policy: "exclusive", retryLimit: 0, expireInSeconds: 120 },
  schedules: PROVIDER_IDS.map((provider) => ({ key: provider, cron: checkCron(provider), data: { provider }, singletonKey: provider })),
  run: async ({ provider }, context) => {
    await checkProvider(provider, context);
  },
});
