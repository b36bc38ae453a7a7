import "server-only";
import type { PollGoneCode, PollSource, SourcePoll } from "./types";

// What every adapter's poll() shares: how many items a source answers, the answer for a source
// that is gone, batches of ids, and calls made a few at a time (a poll may ask for thousands of
// sources; a provider that allows no batch must not get thousands of requests at once).

/** Items a source answers at most, newest first: enough to span the time between two polls. */
export const POLL_ITEMS = 20;
/** Requests of one poll in flight at once, for providers that take one source per call. */
export const POLL_CONCURRENCY = 6;

export function goneSource(reason: string, code: PollGoneCode = "source_gone"): SourcePoll {
  return { ok: false, gone: true, code, reason };
}

export function batches<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < items.length; start += size) out.push(items.slice(start, start + size));
  return out;
}

/** The same id asked twice is polled once (both map entries are the one answer). */
export function uniqueIds(sources: readonly PollSource[]): string[] {
  return [...new Set(sources.map((source) => source.id))];
}

/**
 * `task` for every item, at most `limit` at once, results in the items' order. The first
 * failure (a ProviderError: the provider is down or asks us to wait) starts no further task
 * and is thrown once those under way have settled.
 */
export async function eachLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array<R>(items.length);
  let next = 0;
  let failure: { error: unknown } | null = null;
  async function worker() {
    while (failure === null && next < items.length) {
      const index = next++;
      try {
        results[index] = await task(items[index]!);
      } catch (error) {
        failure ??= { error };
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  if (failure) throw (failure as { error: unknown }).error;
  return results;
}

/** One answer per source, as poll() returns them. */
export async function pollEach(sources: readonly PollSource[], task: (source: PollSource) => Promise<SourcePoll>): Promise<Map<string, SourcePoll>> {
  const unique = [...new Map(sources.map((source) => [source.id, source])).values()];
  const answers = await eachLimited(unique, POLL_CONCURRENCY, task);
  return new Map(unique.map((source, index) => [source.id, answers[index]!]));
}
