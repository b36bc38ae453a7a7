import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { payments, userPurchases } from "@/lib/db/schema";
import { creditPackPaid, CREDIT_PACK } from "@/lib/credits/purchase";
import type { ProviderId } from "./provider-contract";

// One-off purchases of a user (spec 1: the rank card). A purchase is owned once its payment is
// recorded as paid; the row is written in the transaction that records the payment, so a
// webhook delivered twice (or a checkout finalized and its webhook both) grants it once.

/** Products bought once per user, not per guild. */
export const ONE_OFF_PRODUCTS = ["rank_card"] as const;
export type OneOffProduct = (typeof ONE_OFF_PRODUCTS)[number];

/** Everything a one-off checkout sells: the products above, and a guild's pack of credits (bought as often as wanted). */
export const CHECKOUT_PRODUCTS = [...ONE_OFF_PRODUCTS, CREDIT_PACK] as const;
export type CheckoutProduct = (typeof CHECKOUT_PRODUCTS)[number];

/** Records that `userId` owns `product`, paid by `paymentId`; true the first time, false when they already did. */
export async function grantPurchase(tx: Tx, userId: string, product: OneOffProduct, paymentId: string): Promise<boolean> {
  const granted = await tx.insert(userPurchases).values({ userId, product, paymentId }).onConflictDoNothing().returning({ userId: userPurchases.userId });
  return granted.length > 0;
}

export type RecordedPayment = {
  id: string;
  provider: ProviderId;
  externalId: string;
  subscriptionId: string | null;
  guildId: string | null;
  userId: string;
  /** A plan of lib/billing/plans.ts, or a one-off product. */
  product: string;
  amountCents: number;
  currency: string;
  /** `paid` grants a one-off product (for good: a later refund is recorded, the purchase stays); other statuses are kept for the record. */
  status: string;
};

/**
 * Stores a payment once per provider payment (the webhook and the checkout's return may both
 * report it) and grants a one-off product it paid for. The caller passes its own transaction:
 * the event's claim, the payment and the grant commit together.
 */
export async function recordPayment(tx: Tx, payment: RecordedPayment): Promise<void> {
  // The provider's latest word on the payment wins (paid, then maybe refunded); its id stays the first one stored.
  const [stored] = await tx
    .insert(payments)
    .values(payment)
    .onConflictDoUpdate({ target: [payments.provider, payments.externalId], set: { status: payment.status } })
    .returning({ id: payments.id });
  if (payment.status === "paid" && isOneOff(payment.product)) await grantPurchase(tx, payment.userId, payment.product, stored!.id);
  if (payment.status === "paid" && payment.product === CREDIT_PACK) await creditPackPaid(tx, payment);
}

function isOneOff(product: string): product is OneOffProduct {
  return (ONE_OFF_PRODUCTS as readonly string[]).includes(product);
}

/** Whether the user bought `product`. */
export async function ownsPurchase(db: Db | Tx, userId: string, product: OneOffProduct): Promise<boolean> {
  const [row] = await db.select({ userId: userPurchases.userId }).from(userPurchases).where(and(eq(userPurchases.userId, userId), eq(userPurchases.product, product))).limit(1);
  return row !== undefined;
}
