import "server-only";
import { getEnv } from "@/lib/env";
import type { RecordedPayment } from "@/lib/billing/purchases";
import type { Tx } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import { addCredits } from "./ledger";

// Credits bought: a one-off checkout of the product `credit_pack` for a guild (lib/billing/checkout.ts,
// the provider's price with lookup key `credit_pack`), credited when its payment is recorded as
// paid (by the provider's webhook), once per payment: the ledger line carries the
// payment's provider id as its reference.

export const CREDIT_PACK = "credit_pack";
/** Credits in one pack. */
export const CREDIT_PACK_SIZE = 100;

/** A checkout started within this window reuses the provider's page (a double click opens one checkout). */
const CHECKOUT_WINDOW_MS = 10 * 60_000;

/** Credits the guild for a paid pack, once per payment; a payment naming no guild credits nothing. */
export async function creditPackPaid(tx: Tx, payment: RecordedPayment): Promise<void> {
  if (!payment.guildId) return;
  await addCredits(tx, { guildId: payment.guildId, amount: CREDIT_PACK_SIZE, reason: "purchase", actorId: payment.userId, reference: `payment:${payment.provider}:${payment.externalId}` });
}

/** What the checkout of a credit pack needs to know: who buys it for which guild, and the page to come back to. */
export function creditPackRequest(guildId: string, userId: string, locale: Locale, now = Date.now()) {
  return {
    userId,
    guildId,
    product: CREDIT_PACK,
    returnUrl: (outcome: string) => `${getEnv().APP_URL}/${locale}/dashboard/${guildId}/credits?purchase=${outcome}`,
    idempotencyKey: `${CREDIT_PACK}:${guildId}:${userId}:${Math.floor(now / CHECKOUT_WINDOW_MS)}`,
  } as const;
}
