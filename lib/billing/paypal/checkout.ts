import "server-only";
import { createHash } from "node:crypto";
import { getEnv } from "@/lib/env";
import type { PeriodMonths, Plan } from "@/lib/billing/plans";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import { paypalRequest, paypalSettings } from "./client";
import { customIdOf } from "./subscription-map";

// A PayPal subscription selling `plan` for a guild, created through the API and approved by the
// buyer on PayPal's page (its `approve` link). PayPal sends the buyer back to the return page
// with ?subscription_id=…, which finalizes; "Cancel" lands on the same page saying nothing
// changed. The PayPal-Request-Id holds for ten minutes: a double click opens the same approval.

const KEY_WINDOW_MS = 10 * 60 * 1000;

export type PaypalCheckoutRequest = { userId: string; guildId: string; plan: Plan; periodMonths: PeriodMonths; locale: Locale; now?: Date };

/** The PayPal plan selling `plan` for `periodMonths`, or null when PAYPAL_PLAN_IDS has none (or PayPal is off). */
export function paypalPlanId(plan: Plan, periodMonths: PeriodMonths): string | null {
  return getEnv().paypal?.planIds[`${plan}_${periodMonths}`] ?? null;
}

export function paypalRequestId(request: Omit<PaypalCheckoutRequest, "now">, now: Date): string {
  const window = Math.floor(now.getTime() / KEY_WINDOW_MS);
  return createHash("sha256").update(JSON.stringify([request.userId, request.guildId, request.plan, request.periodMonths, request.locale, window])).digest("hex");
}

type Created = { id: string; links?: Array<{ href: string; rel: string }> };

export async function createPaypalCheckout(request: PaypalCheckoutRequest): Promise<{ url: string; subscriptionId: string }> {
  const planId = paypalPlanId(request.plan, request.periodMonths);
  if (!planId) throw new ApiError(503, "billing_unavailable", "PayPal does not sell this plan.");
  const back = `${getEnv().APP_URL}/${request.locale}/premium/return?provider=paypal`;
  const created = await paypalRequest<Created>({
    method: "POST",
    path: "/v1/billing/subscriptions",
    requestId: paypalRequestId(request, request.now ?? new Date()),
    body: {
      plan_id: planId,
      custom_id: customIdOf(request.guildId, request.userId),
      application_context: { brand_name: "Guildhall", shipping_preference: "NO_SHIPPING", user_action: "SUBSCRIBE_NOW", return_url: back, cancel_url: `${back}&state=cancelled` },
    },
  });
  const approve = created?.links?.find((link) => link.rel === "approve")?.href;
  // PayPal's link is followed by the buyer's browser: only an https one (or the configured fake's origin) is handed on.
  if (!created || !approve || !trusted(approve)) throw new ApiError(502, "billing_unavailable", "The payment provider gave no approval page.");
  return { url: approve, subscriptionId: created.id };
}

function trusted(link: string): boolean {
  const url = URL.canParse(link) ? new URL(link) : null;
  if (!url) return false;
  return url.origin === new URL(paypalSettings().siteUrl).origin || (url.protocol === "https:" && /(^|\.)paypal\.com$/.test(url.hostname));
}
