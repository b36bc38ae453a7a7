import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { providerBackoffs } from "@/lib/db/schema";
import type { ProviderId } from "@/lib/providers/types";

// A provider that failed (5xx, network) or asked us to slow down (429) is left alone for a
// while, doubling with each failure in a row, shared by every worker through the database.

const FIRST_WAIT_SECONDS = 30;
const LONGEST_WAIT_SECONDS = 30 * 60;

/** When the provider may be called again, if it is backed off now. */
export async function backedOffUntil(db: Db, provider: ProviderId, now: Date): Promise<Date | null> {
  const [row] = await db.select().from(providerBackoffs).where(eq(providerBackoffs.provider, provider)).limit(1);
  return row && row.until > now ? row.until : null;
}

/** Records a failed check: the next is no sooner than the provider said, nor than the doubling wait. */
export async function backOff(db: Db, provider: ProviderId, now: Date, error: string, retryAfterSeconds?: number): Promise<Date> {
  const [row] = await db.select().from(providerBackoffs).where(eq(providerBackoffs.provider, provider)).limit(1);
  const failures = (row?.failures ?? 0) + 1;
  const doubling = Math.min(LONGEST_WAIT_SECONDS, FIRST_WAIT_SECONDS * 2 ** (failures - 1));
  const until = new Date(now.getTime() + Math.max(doubling, retryAfterSeconds ?? 0) * 1000);
  await db
    .insert(providerBackoffs)
    .values({ provider, failures, until, lastError: error })
    .onConflictDoUpdate({ target: providerBackoffs.provider, set: { failures, until, lastError: error } });
  return until;
}

export async function clearBackoff(db: Db, provider: ProviderId): Promise<void> {
  await db.delete(providerBackoffs).where(eq(providerBackoffs.provider, provider));
}
