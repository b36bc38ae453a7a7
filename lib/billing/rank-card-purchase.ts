import "server-only";
import type { NextRequest } from "next/server";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { apiLocale } from "@/lib/http/api-locale";
import { oneOffCheckout } from "./checkout";
import { ownsPurchase } from "./purchases";
import { billingRefusal } from "./refusal";

/** A checkout started within this window reuses the provider's page (a double click opens one checkout). */
const CHECKOUT_WINDOW_MS = 10 * 60_000;

/** Starts the custom rank card's purchase for `userId`: the provider's checkout URL, once per user. */
export async function buyRankCard(userId: string, req: NextRequest, now = Date.now()): Promise<{ url: string }> {
  const locale = apiLocale(req);
  if (await ownsPurchase(await getDb(), userId, "rank_card")) throw billingRefusal(409, "product", "already_owned", locale);
  const checkout = oneOffCheckout();
  if (!checkout) throw billingRefusal(503, "product", "billing_unavailable", locale);
  // Back to the card's dialog (spec: #rank-card opens it), where the unlocked card shows.
  const returnUrl = `${getEnv().APP_URL}/${locale}#rank-card`;
  const url = await checkout.start({ userId, product: "rank_card", returnUrl, idempotencyKey: `rank_card:${userId}:${Math.floor(now / CHECKOUT_WINDOW_MS)}` });
  return { url };
}
