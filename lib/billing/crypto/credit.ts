import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { getAddress, type Hash } from "viem";
import type { Db } from "@/lib/db/client";
import { cryptoPayments, payments, subscriptions } from "@/lib/db/schema";
import type { CryptoSettings } from "@/lib/env";
import { applyProviderSubscription, givesBuffs } from "@/lib/billing/subscriptions";
import { USD_CENTS, type PeriodMonths, type Plan } from "@/lib/billing/plans";
import { addMonths, unitsFor } from "./quote";
import { paymentRefused, verifyPayment } from "./verify";

// A verified on-chain payment becomes a prepaid `crypto` subscription of the guild: a new one
// for the period, or the guild's running one of the same plan pushed a period further. Each
// transaction hash is credited once (crypto_payments' key, checked again inside the write), and
// the payment, the subscription, the guild's buffs and the audit row land in one transaction.

export type CryptoCheckout = { guildId: string; userId: string; plan: Plan; period: PeriodMonths; txHash: Hash; walletChainId: number };

export type Credited = { subscription_id: string; current_period_end: string; tx_hash: Hash; from: string; amount: string };

export async function creditCryptoPayment(db: Db, settings: CryptoSettings, checkout: CryptoCheckout, now = new Date()): Promise<Credited> {
  const txHash = checkout.txHash.toLowerCase() as Hash;
  const key = and(eq(cryptoPayments.chainId, settings.chainId), eq(cryptoPayments.txHash, txHash));
  // Before asking the chain: a hash already credited is refused without a node call.
  if ((await db.select({ txHash: cryptoPayments.txHash }).from(cryptoPayments).where(key)).length > 0) throw paymentRefused("crypto_already_credited");
  const usdCents = USD_CENTS[checkout.plan][checkout.period];
  const paid = await verifyPayment(settings, { txHash, walletChainId: checkout.walletChainId, minimum: unitsFor(settings, usdCents), now });

  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(cryptoPayments)
      .values({
        chainId: settings.chainId,
        txHash,
        guildId: checkout.guildId,
        userId: checkout.userId,
        plan: checkout.plan,
        periodMonths: checkout.period,
        tokenAddress: paid.tokenAddress?.toLowerCase() ?? null,
        amount: paid.amount.toString(),
        usdCents,
        fromAddress: paid.from.toLowerCase(),
        createdAt: now,
      })
      .onConflictDoNothing()
      .returning({ txHash: cryptoPayments.txHash });
    // Two claims of one hash at once: the second finds the first's row and changes nothing.
    if (claimed.length === 0) throw paymentRefused("crypto_already_credited");

    const running = (
      await tx
        .select()
        .from(subscriptions)
        .where(and(eq(subscriptions.provider, "crypto"), eq(subscriptions.guildId, checkout.guildId), eq(subscriptions.plan, checkout.plan)))
        .for("update")
    ).find((row) => givesBuffs(row, now));
    const start = running && running.currentPeriodEnd > now ? running.currentPeriodEnd : now;
    const row = await applyProviderSubscription(
      tx,
      {
        provider: "crypto",
        externalId: running?.externalId ?? `${settings.chainId}:${txHash}`,
        customerId: null,
        guildId: checkout.guildId,
        userId: checkout.userId,
        plan: checkout.plan,
        periodMonths: checkout.period,
        // Prepaid: it ends with its period unless another payment extends it.
        status: "non_renewing",
        currentPeriodEnd: addMonths(start, checkout.period),
        cancelAtPeriodEnd: false,
        paymentMethod: null,
        withCustomBot: false,
      },
      now,
    );
    await tx.insert(payments).values({
      id: randomUUID(),
      provider: "crypto",
      externalId: `${settings.chainId}:${txHash}`,
      subscriptionId: row.id,
      guildId: checkout.guildId,
      userId: checkout.userId,
      product: checkout.plan,
      amountCents: usdCents,
      currency: "USD",
      status: "paid",
      createdAt: now,
    });
    return { subscription_id: row.id, current_period_end: row.currentPeriodEnd.toISOString(), tx_hash: txHash, from: getAddress(paid.from), amount: paid.amount.toString() };
  });
}
