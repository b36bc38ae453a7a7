import "server-only";
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { deliveries } from "@/lib/db/schema";
import type { MessageBody } from "@/lib/platform/messages-api";

// Claiming a post before making it: a row per key (what is posted for what), written once.
// Whoever inserts the row posts it (lib/deliveries/post.ts); everyone else finds it there.

export type DeliveryTarget = { guildId: string; pluginId: string; itemId: string };
export type Claim = DeliveryTarget & { key: string; channelId: string; body: MessageBody };

/** The platform's nonces are at most 25 characters: 18 random base64url ones. */
const newNonce = () => randomBytes(13).toString("base64url").slice(0, 18);

/** Claims the posts not claimed before (in the caller's transaction); answers the keys it claimed. */
export async function claimDeliveries(db: Db | Tx, claims: readonly Claim[]): Promise<string[]> {
  const claimed: string[] = [];
  for (const chunk of chunks(claims)) {
    const rows = await db
      .insert(deliveries)
      .values(chunk.map((claim) => ({ key: claim.key, guildId: claim.guildId, pluginId: claim.pluginId, itemId: claim.itemId, status: "claimed", nonce: newNonce(), channelId: claim.channelId, body: claim.body as Record<string, unknown> })))
      .onConflictDoNothing({ target: deliveries.key })
      .returning({ key: deliveries.key });
    claimed.push(...rows.map((row) => row.key));
  }
  return claimed;
}

/** Rows per INSERT: a statement of tens of thousands of rows is slow to build and may overflow the builder's stack. */
const CHUNK = 1000;
function chunks<T>(rows: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let start = 0; start < rows.length; start += CHUNK) out.push(rows.slice(start, start + CHUNK));
  return out;
}

/** Marks items as seen without posting them (what was there before a subscription was first checked). */
export async function skipDeliveries(db: Db | Tx, items: ReadonlyArray<DeliveryTarget & { key: string }>): Promise<void> {
  for (const chunk of chunks(items)) {
    await db
      .insert(deliveries)
      .values(chunk.map((item) => ({ ...item, status: "skipped", nonce: "" })))
      .onConflictDoNothing({ target: deliveries.key });
  }
}

/** Which of these keys were claimed, posted or skipped before. */
export async function knownKeys(db: Db | Tx, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db.select({ key: deliveries.key }).from(deliveries).where(sql`${deliveries.key} = any(${sql.param([...keys])}::text[])`);
  return new Set(rows.map((row) => row.key));
}
