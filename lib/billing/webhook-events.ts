import "server-only";
import type { Tx } from "@/lib/db/client";
import { webhookEvents } from "@/lib/db/schema";
import type { ProviderId } from "./provider-contract";

/**
 * Claims a provider event inside the transaction that applies it: true the first time, false for
 * a replay or a re-send (nothing to do). The claim and the change commit together, so an event
 * whose change failed is claimed by nobody and applies when the provider sends it again.
 */
export async function claimEvent(tx: Tx, provider: ProviderId, eventId: string, type: string): Promise<boolean> {
  const claimed = await tx.insert(webhookEvents).values({ provider, eventId, type }).onConflictDoNothing().returning({ eventId: webhookEvents.eventId });
  return claimed.length > 0;
}
