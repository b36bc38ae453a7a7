import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { getAddress, type Address, type Hash } from "viem";
import type { Db } from "@/lib/db/client";
import { cryptoCheckouts, cryptoPayments, payments, subscriptions } from "@/lib/db/schema";
import type { CryptoSettings } from "@/lib/env";
import { applyProviderSubscription, givesBuffs } from "@/lib/billing/subscriptions";
import type { PeriodMonths, Plan } from "@/lib/billing/plans";
import type { CryptoCheckoutRow } from "./checkout";
import { addMonths } from "./quote";
import { paymentRefused, verifyPayment } from "./verify";

// A payment verified for its checkout (./checkout.ts, ./verify.ts) becomes a prepaid `crypto`
// subscription of the checkout's guild: a new one for the period, or the guild's running one of
// the same plan pushed a period further. Each transaction is credited once (crypto_payments' key)
// and each checkout paid once (its tx_hash, claimed inside the write); the payment, the
// subscription, the guild's buffs and the audit row land in one transaction.

export type Credited = { subscription_id: string; current_period_end: string; tx_hash: Hash; from: string; amount: string };

export async function creditCryptoPayment(db: Db, settings: CryptoSettings, checkout: CryptoCheckoutRow, payment: { txHash: Hash; walletChainId: number }, now = new Date()): Promise<Credited> {
  const txHash = payment.txHash.toLowerCase() as Hash;
  if (checkout.txHash) throw paymentRefused(checkout.txHash === txHash ? "crypto_already_credited" : "crypto_checkout_used");
  const key = and(eq(cryptoPayments.chainId, settings.chainId), eq(cryptoPayments.txHash, txHash));
  // Before asking the chain: a hash already credited is refused without a node call.
  if ((await db.select({ txHash: cryptoPayments.txHash }).from(cryptoPayments).where(key)).length > 0) throw paymentRefused("crypto_already_credited");
  if (checkout.chainId !== settings.chainId) throw paymentRefused("crypto_wrong_chain", { chain_id: checkout.chainId });
  const paid = await verifyPayment(settings, {
    txHash,
    walletChainId: payment.walletChainId,
    expected: { asset: checkout.asset, recipient: checkout.recipient as Address, payer: checkout.payer as Address, amount: BigInt(checkout.amount), openedAt: checkout.createdAt, expiresAt: checkout.expiresAt },
  });
  const plan = checkout.plan as Plan;
  const period = checkout.periodMonths as PeriodMonths;

  return db.transaction(async (tx) => {
    // Two submissions of this checkout at once: the second finds it paid and changes nothing.
    const claimedCheckout = await tx
      .update(cryptoCheckouts)
      .set({ txHash })
      .where(and(eq(cryptoCheckouts.id, checkout.id), isNull(cryptoCheckouts.txHash)))
      .returning({ id: cryptoCheckouts.id });
    if (claimedCheckout.length === 0) throw paymentRefused("crypto_checkout_used");
    const claimed = await tx
      .insert(cryptoPayments)
      .values({
        chainId: settings.chainId,
        txHash,
        guildId: checkout.guildId,
        userId: checkout.userId,
        plan,
        periodMonths: period,
        tokenAddress: paid.tokenAddress?.toLowerCase() ?? null,
        amount: paid.amount.toString(),
        usdCents: checkout.usdCents,
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
        .where(and(eq(subscriptions.provider, "crypto"), eq(subscriptions.guildId, checkout.guildId), eq(subscriptions.plan, plan)))
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
        plan,
        periodMonths: period,
        // Prepaid: it ends with its period unless another payment extends it.
        status: "non_renewing",
        currentPeriodEnd: addMonths(start, period),
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
      product: plan,
      amountCents: checkout.usdCents,
      currency: "USD",
      status: "paid",
      createdAt: now,
    });
    return { subscription_id: row.id, current_period_end: row.currentPeriodEnd.toISOString(), tx_hash: txHash, from: getAddress(paid.from), amount: paid.amount.toString() };
  });
}
