import "server-only";
import { randomInt, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { getAddress } from "viem";
import type { Db } from "@/lib/db/client";
import { cryptoCheckouts } from "@/lib/db/schema";
import type { CryptoSettings } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import { billingRefusal } from "@/lib/billing/refusal";
import type { PeriodMonths, Plan } from "@/lib/billing/plans";
import { paymentQuote, type OpenedCheckout } from "./quote";

// A crypto checkout binds a payment to its buyer before it is paid. A transaction's hash is
// public on the chain, so the hash alone proves nothing about who paid: the buyer declares the
// wallet they pay from, and the checkout asks for the plan's price plus a few smallest units
// that this wallet was never asked for before (a unique index keeps it so, whoever opened the
// checkout). Only a transfer from that wallet of exactly that amount, made while the checkout
// was open, pays it (./verify.ts), so nobody can claim another buyer's payment by its hash.

export type CryptoCheckoutRow = typeof cryptoCheckouts.$inferSelect;

/** At most this many smallest units are added to the price: under a cent for a USD token of 6 decimals. */
const MAX_EXTRA_UNITS = 9_999;
const ATTEMPTS = 16;

/** The settings' asset as a checkout stores it: the token's address, or `native`. */
export const assetKey = (settings: CryptoSettings) => settings.token?.address.toLowerCase() ?? "native";

export async function openCryptoCheckout(
  db: Db,
  settings: CryptoSettings,
  request: { userId: string; guildId: string; plan: Plan; period: PeriodMonths; payer: string },
  now = new Date(),
): Promise<OpenedCheckout> {
  const quote = paymentQuote(settings, request.plan, request.period, now);
  const payer = request.payer.toLowerCase();
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    const amount = (BigInt(quote.amount) + BigInt(randomInt(1, MAX_EXTRA_UNITS + 1))).toString();
    const [row] = await db
      .insert(cryptoCheckouts)
      .values({
        id: randomUUID(),
        userId: request.userId,
        guildId: request.guildId,
        plan: request.plan,
        periodMonths: request.period,
        chainId: settings.chainId,
        asset: assetKey(settings),
        recipient: settings.recipient.toLowerCase(),
        payer,
        amount,
        usdCents: quote.usd_cents,
        createdAt: now,
        expiresAt: new Date(quote.expires_at),
      })
      // Another checkout of this wallet was given this amount: draw again.
      .onConflictDoNothing()
      .returning();
    if (row) return { ...quote, amount: row.amount, checkout_id: row.id, payer: getAddress(row.payer) };
  }
  throw new ApiError(503, "crypto_unavailable", "No unique amount is left for this wallet and plan. Pay from another wallet.");
}

/** The caller's own checkout, or 404 `crypto_checkout_not_found` (another user's is not told apart from none). */
export async function ownCheckout(db: Db, checkoutId: string, userId: string, locale: Locale): Promise<CryptoCheckoutRow> {
  const [row] = await db.select().from(cryptoCheckouts).where(eq(cryptoCheckouts.id, checkoutId));
  if (!row || row.userId !== userId) throw billingRefusal(404, "checkout_id", "crypto_checkout_not_found", locale);
  return row;
}
