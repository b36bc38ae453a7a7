import "server-only";
import { createHash } from "node:crypto";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { oneOffCheckout } from "./checkout";
import { ownsPurchase, recordPayment } from "./purchases";
import { billingRefusal } from "./refusal";
import { rankCardReturnUrl } from "./purchase-return";

/** A checkout started within this window reuses the provider's page (a double click opens one checkout). */
const CHECKOUT_WINDOW_MS = 10 * 60_000;

/** What the buyer's return says: how the checkout went, and whether the card is theirs now. */
export type RankCardReturn = { status: "paid" | "pending" | "failed"; owned: boolean };

/**
 * Starts the custom rank card's purchase for `userId`: the provider's checkout URL, once per
 * user and page. The provider sends the buyer back to `returnPath` (a page of ours, checked by
 * lib/billing/return-path.ts) with the card's dialog open (`#rank-card`, spec 2) and the
 * checkout's reference, which the dialog settles (settleRankCard).
 */
export async function buyRankCard(userId: string, returnPath: string, locale: Locale, now = Date.now()): Promise<{ url: string }> {
  if (await ownsPurchase(await getDb(), userId, "rank_card")) throw billingRefusal(409, "product", "already_owned", locale);
  const checkout = oneOffCheckout();
  if (!checkout) throw billingRefusal(503, "product", "billing_unavailable", locale);
  // The page is part of the key: a second click on the same page opens the same checkout, a click on another page its own.
  const page = createHash("sha256").update(returnPath).digest("hex").slice(0, 16);
  const url = await checkout.start({
    userId,
    product: "rank_card",
    returnUrl: (outcome) => rankCardReturnUrl(getEnv().APP_URL, returnPath, outcome),
    idempotencyKey: `rank_card:${userId}:${page}:${Math.floor(now / CHECKOUT_WINDOW_MS)}`,
  });
  return { url };
}

/**
 * The buyer is back with a checkout's reference: the checkout is read from the provider (never
 * taken from the browser), must be this user's, and a paid one is recorded at once, once (the
 * webhook reporting the same payment records nothing more). An unknown reference, or another
 * user's, is 404 `purchase_checkout_not_found`.
 */
export async function settleRankCard(userId: string, reference: string, locale: Locale): Promise<RankCardReturn> {
  const checkout = oneOffCheckout();
  if (!checkout) throw billingRefusal(503, "product", "billing_unavailable", locale);
  const outcome = await checkout.settle(reference, userId, "rank_card");
  if (!outcome) throw billingRefusal(404, "checkout", "purchase_checkout_not_found", locale);
  const db = await getDb();
  if (outcome.status === "paid") await db.transaction((tx) => recordPayment(tx, outcome.payment));
  return { status: outcome.status, owned: await ownsPurchase(db, userId, "rank_card") };
}

/** Whether the user owns the custom rank card (the editor shows Buy or Unlocked). */
export async function rankCardOwnership(userId: string): Promise<{ owned: boolean }> {
  return { owned: await ownsPurchase(await getDb(), userId, "rank_card") };
}
