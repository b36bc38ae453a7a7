import "server-only";
import { createHash } from "node:crypto";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import type { PeriodMonths, Plan } from "@/lib/billing/plans";
import { snowflake } from "@/lib/platform/snowflake";
import { toProviderSubscription } from "./adapter";
import { callChargebee } from "./client";
import { customBotPriceId, planPriceId } from "./item-prices";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";

// Chargebee's hosted checkout (spec 3): the app asks for a page selling one plan (and the
// custom-bot add-on) for one guild, the buyer pays there, and Chargebee sends them back to
// /{locale}/premium/return?id=…&state=…, which finalizes. The buyer and the guild ride on the
// page (pass_thru_content) and on the subscription (custom fields), so the return and the
// webhook both know whose it is without trusting the browser.

export type CheckoutRequest = { guildId: string; userId: string; plan: Plan; periodMonths: PeriodMonths; withCustomBot: boolean; couponId?: string; locale: Locale };

/** Double clicks within this window get the same hosted page (Chargebee answers the first again). */
const IDEMPOTENCY_WINDOW_MS = 10 * 60_000;

export async function createHostedCheckout(request: CheckoutRequest, now = Date.now()): Promise<{ id: string; url: string }> {
  const returnUrl = `${getEnv().APP_URL}/${request.locale}/premium/return`;
  const items = [{ item_price_id: planPriceId(request.plan, request.periodMonths), quantity: 1 }, ...(request.withCustomBot ? [{ item_price_id: customBotPriceId(request.periodMonths), quantity: 1 }] : [])];
  const key = createHash("sha256")
    .update(JSON.stringify([request.userId, request.guildId, items, request.couponId ?? null, request.locale, Math.floor(now / IDEMPOTENCY_WINDOW_MS)]))
    .digest("hex");
  const page = await callChargebee((cb) =>
    cb.hostedPage.checkoutNewForItems(
      {
        subscription_items: items,
        // Custom fields are accepted on create calls though the SDK's type does not list them.
        subscription: { cf_guild_id: request.guildId, cf_user_id: request.userId } as object,
        customer: { id: request.userId },
        ...(request.couponId ? { coupon_ids: [request.couponId] } : {}),
        redirect_url: returnUrl,
        cancel_url: returnUrl,
        pass_thru_content: JSON.stringify({ guild_id: request.guildId, user_id: request.userId }),
      },
      { "chargebee-idempotency-key": key },
    ),
  );
  return { id: page.hosted_page.id!, url: page.hosted_page.url! };
}

export type PaidCheckout = { state: "succeeded"; subscription: ProviderSubscription } | { state: "cancelled" | "pending" };

/** The hosted page as Chargebee holds it, refused unless `userId` started it. */
export async function readHostedCheckout(hostedPageId: string, userId: string): Promise<PaidCheckout> {
  const { hosted_page: page } = await callChargebee((cb) => cb.hostedPage.retrieve(hostedPageId));
  if (ownerOf(page.pass_thru_content) !== userId) throw new ApiError(403, "checkout_forbidden", "This checkout belongs to another account.");
  if (page.state === "cancelled") return { state: "cancelled" };
  if (page.state !== "succeeded" || !page.content) return { state: "pending" };
  const subscription = toProviderSubscription(page.content as Parameters<typeof toProviderSubscription>[0]);
  if (subscription.userId !== userId) throw new ApiError(403, "checkout_forbidden", "This checkout belongs to another account.");
  return { state: "succeeded", subscription };
}

function ownerOf(passThru: string | undefined): string | null {
  try {
    const parsed = snowflake.safeParse((JSON.parse(passThru ?? "null") as { user_id?: unknown } | null)?.user_id);
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
