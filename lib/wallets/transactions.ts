import "server-only";
import { and, asc, count, desc, eq, gt, isNotNull, isNull, lte, or, type SQL } from "drizzle-orm";
import { formatUnits, getAddress, type Address } from "viem";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { cryptoCheckouts } from "@/lib/db/schema";
import type { CryptoSettings } from "@/lib/env";
import { inputText } from "@/lib/validation/text";

// The caller's crypto transactions (spec: transaction listing limit, skip, sort, order, types,
// polling), read from their crypto checkouts (lib/billing/crypto): each is pending while open and
// unpaid, paid once a transaction was credited to it, expired when it closed unpaid.

export const TRANSACTION_TYPES = ["pending", "paid", "expired"] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** How soon a polling page asks again while one of its transactions is pending. */
export const POLL_SECONDS = 5;

const flag = z.enum(["true", "false", "1", "0"]).transform((value) => value === "true" || value === "1");

export const transactionsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  skip: z.coerce.number().int().min(0).max(10_000).default(0),
  sort: z.enum(["created_at", "usd_amount"]).default("created_at"),
  order: z.enum(["asc", "desc"]).default("desc"),
  /** Comma-separated; none: every type. */
  types: inputText()
    .max(40)
    .transform((value) => value.split(",").filter(Boolean))
    .pipe(z.array(z.enum(TRANSACTION_TYPES)).max(TRANSACTION_TYPES.length))
    .optional(),
  /** The page asks again by itself while a transaction is pending: answered with when to ask. */
  polling: flag.default(false),
});
export type TransactionsQuery = z.infer<typeof transactionsQuery>;

export type Transaction = {
  id: string;
  type: TransactionType;
  guild_id: string;
  plan: string;
  period_months: number;
  chain_id: number;
  /** The wallet it is (or was) paid from. */
  address_hash: Address;
  /** The credited transaction's hash, once paid. */
  hash: string | null;
  /** In the asset's smallest unit. */
  amount: string;
  /** The asset's amount in whole coins or tokens (`eth_amount` for the native coin too). */
  eth_amount: string;
  symbol: string;
  usd_amount: string;
  explorer_url: string | null;
  created_at: string;
  expires_at: string;
};

export type TransactionPage = { transactions: Transaction[]; total: number; limit: number; skip: number; pending: number; poll_after_seconds: number | null };

function typeCondition(type: TransactionType, now: Date): SQL {
  if (type === "paid") return isNotNull(cryptoCheckouts.txHash);
  if (type === "pending") return and(isNull(cryptoCheckouts.txHash), gt(cryptoCheckouts.expiresAt, now))!;
  return and(isNull(cryptoCheckouts.txHash), lte(cryptoCheckouts.expiresAt, now))!;
}

export async function listTransactions(db: Db, settings: CryptoSettings | null, userId: string, query: TransactionsQuery, now = new Date()): Promise<TransactionPage> {
  const types = query.types?.length ? query.types : TRANSACTION_TYPES;
  const where = and(eq(cryptoCheckouts.userId, userId), or(...types.map((type) => typeCondition(type, now))));
  const column = query.sort === "usd_amount" ? cryptoCheckouts.usdCents : cryptoCheckouts.createdAt;
  const direction = query.order === "asc" ? asc : desc;
  const rows = await db
    .select()
    .from(cryptoCheckouts)
    .where(where)
    .orderBy(direction(column), direction(cryptoCheckouts.id))
    .limit(query.limit)
    .offset(query.skip);
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(cryptoCheckouts).where(where);
  const [{ pending } = { pending: 0 }] = await db.select({ pending: count() }).from(cryptoCheckouts).where(and(eq(cryptoCheckouts.userId, userId), typeCondition("pending", now)));
  return {
    transactions: rows.map((row) => toTransaction(row, settings, now)),
    total,
    limit: query.limit,
    skip: query.skip,
    pending,
    poll_after_seconds: query.polling && pending > 0 ? POLL_SECONDS : null,
  };
}

function toTransaction(row: typeof cryptoCheckouts.$inferSelect, settings: CryptoSettings | null, now: Date): Transaction {
  const native = row.asset === "native";
  const token = settings?.token && settings.token.address.toLowerCase() === row.asset ? settings.token : null;
  const decimals = native ? (settings?.native.decimals ?? 18) : (token?.decimals ?? 0);
  const type: TransactionType = row.txHash ? "paid" : row.expiresAt > now ? "pending" : "expired";
  return {
    id: row.id,
    type,
    guild_id: row.guildId,
    plan: row.plan,
    period_months: row.periodMonths,
    chain_id: row.chainId,
    address_hash: getAddress(row.payer),
    hash: row.txHash,
    amount: row.amount,
    eth_amount: formatUnits(BigInt(row.amount), decimals),
    symbol: native ? (settings?.native.symbol ?? "ETH") : (token?.symbol ?? "?"),
    usd_amount: (row.usdCents / 100).toFixed(2),
    explorer_url: row.txHash && settings?.explorerUrl ? `${settings.explorerUrl}/tx/${row.txHash}` : null,
    created_at: row.createdAt.toISOString(),
    expires_at: row.expiresAt.toISOString(),
  };
}
