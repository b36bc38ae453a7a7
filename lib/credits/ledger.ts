import "server-only";
import { and, desc, eq, lt, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { creditBalances, creditLedger } from "@/lib/db/schema";
import { CreditError } from "./errors";

// A guild's credits: the balance and the ledger line that explains each change, always written
// in one transaction. A spend is one conditional UPDATE (`balance >= cost`): of many spends at
// once, each either takes its cost from what is there or changes nothing, on PGlite and on
// PostgreSQL alike (the row lock of the UPDATE orders them), and the balance never goes below 0.

export const CREDIT_REASONS = ["purchase", "grant", "advertisement", "refund"] as const;
export type CreditReason = (typeof CREDIT_REASONS)[number];

export type LedgerLine = { id: string; amount: number; reason: CreditReason; actor_id: string | null; note: string | null; created_at: string };

const PAGE_SIZE = 25;

/** The ledger's page, newest first: lines with ids below `before` (the next page's cursor). */
export const ledgerQuery = z.strictObject({
  before: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type LedgerQuery = z.output<typeof ledgerQuery>;

type Change = { guildId: string; reason: CreditReason; actorId: string | null; note?: string | null; reference?: string | null };

/** Adds `amount` credits; with a `reference` already in the ledger nothing changes (null). */
export async function addCredits(tx: Tx, change: Change & { amount: number }): Promise<{ balance: number; lineId: number } | null> {
  if (!Number.isInteger(change.amount) || change.amount <= 0) throw new Error(`credits to add must be a positive whole number, not ${change.amount}`);
  const [line] = await tx
    .insert(creditLedger)
    .values({ guildId: change.guildId, amount: change.amount, reason: change.reason, actorId: change.actorId, note: change.note ?? null, reference: change.reference ?? null })
    .onConflictDoNothing()
    .returning({ id: creditLedger.id });
  if (!line) return null;
  const [row] = await tx
    .insert(creditBalances)
    .values({ guildId: change.guildId, balance: change.amount })
    .onConflictDoUpdate({ target: creditBalances.guildId, set: { balance: sql`${creditBalances.balance} + ${change.amount}`, updatedAt: new Date() } })
    .returning({ balance: creditBalances.balance });
  return { balance: row!.balance, lineId: line.id };
}

/** Takes `cost` credits, or throws `credits_insufficient` having changed nothing. */
export async function spendCredits(tx: Tx, change: Change & { cost: number }): Promise<{ balance: number; lineId: number }> {
  const [row] = await tx
    .update(creditBalances)
    .set({ balance: sql`${creditBalances.balance} - ${change.cost}`, updatedAt: new Date() })
    .where(and(eq(creditBalances.guildId, change.guildId), sql`${creditBalances.balance} >= ${change.cost}`))
    .returning({ balance: creditBalances.balance });
  if (!row) throw new CreditError("credits_insufficient", { cost: change.cost, balance: await creditBalance(tx, change.guildId) });
  const [line] = await tx
    .insert(creditLedger)
    .values({ guildId: change.guildId, amount: -change.cost, reason: change.reason, actorId: change.actorId, note: change.note ?? null, reference: change.reference ?? null })
    .returning({ id: creditLedger.id });
  return { balance: row.balance, lineId: line!.id };
}

export async function creditBalance(db: Db | Tx, guildId: string): Promise<number> {
  const [row] = await db.select({ balance: creditBalances.balance }).from(creditBalances).where(eq(creditBalances.guildId, guildId));
  return row?.balance ?? 0;
}

/** The balance and one page of the ledger, with the cursor of the next page (null on the last). */
export async function readCredits(db: Db, guildId: string, query: LedgerQuery): Promise<{ balance: number; ledger: LedgerLine[]; next_before: string | null }> {
  const rows = await db
    .select()
    .from(creditLedger)
    .where(and(eq(creditLedger.guildId, guildId), query.before ? lt(creditLedger.id, query.before) : undefined))
    .orderBy(desc(creditLedger.id))
    .limit(query.limit + 1);
  const ledger = rows.slice(0, query.limit).map((row) => ({
    id: String(row.id),
    amount: row.amount,
    reason: row.reason as CreditReason,
    actor_id: row.actorId,
    note: row.note,
    created_at: row.createdAt.toISOString(),
  }));
  return { balance: await creditBalance(db, guildId), ledger, next_before: rows.length > query.limit ? ledger.at(-1)!.id : null };
}
