import { z } from "zod";
import type { PaypalSettings } from "@/lib/env";
import { isPlan, PERIODS, type PeriodMonths, type Plan } from "@/lib/billing/plans";
import type { ProviderSubscription, SubscriptionStatus } from "@/lib/billing/provider-contract";
import { snowflake } from "@/lib/platform/snowflake";
import { inputDateTime, inputText } from "@/lib/validation/text";

// A PayPal subscription (Subscriptions API v1) read as the app's ProviderSubscription. Who it
// pays for is custom_id `{guild}:{user}` (written at checkout, changed by a transfer); what it
// sells is its plan_id, found in PAYPAL_PLAN_IDS. PayPal cancels at once and bills no more, but
// the cycle already paid runs to its end: a cancelled subscription is non_renewing until then.

/** A subscription PayPal holds that Guildhall did not sell (another plan, no custom_id of ours). */
export class PaypalForeignError extends Error {}
/** Created but not approved by the buyer yet (APPROVAL_PENDING, APPROVED): it gives nothing. */
export class PaypalPendingError extends Error {}

export const PAYPAL_STATUSES = ["APPROVAL_PENDING", "APPROVED", "ACTIVE", "SUSPENDED", "CANCELLED", "EXPIRED"] as const;

export const paypalSubscriptionSchema = z
  .object({
    id: inputText().regex(/^I-[A-Z0-9]{6,30}$/),
    status: z.enum(PAYPAL_STATUSES),
    plan_id: inputText(),
    custom_id: inputText().optional(),
    status_update_time: inputDateTime().optional(),
    subscriber: z.object({ payer_id: inputText().optional() }).loose().optional(),
    billing_info: z
      .object({
        next_billing_time: inputDateTime().optional(),
        last_payment: z.object({ time: inputDateTime() }).loose().optional(),
        failed_payments_count: z.number().int().optional(),
      })
      .loose()
      .optional(),
    links: z.array(z.object({ href: inputText(), rel: inputText() }).loose()).optional(),
  })
  .loose();

export type PaypalSubscription = z.infer<typeof paypalSubscriptionSchema>;

const CUSTOM_ID = /^(\d{17,20}):(\d{17,20})$/;

export function customIdOf(guildId: string, userId: string): string {
  return `${guildId}:${userId}`;
}

/** The buyer and guild named by custom_id, or null when it is not Guildhall's. */
export function parseCustomId(customId: string | undefined): { guildId: string; userId: string } | null {
  const match = CUSTOM_ID.exec(customId ?? "");
  if (!match || !snowflake.safeParse(match[1]).success || !snowflake.safeParse(match[2]).success) return null;
  return { guildId: match[1]!, userId: match[2]! };
}

/** The Guildhall plan and period a PayPal plan id sells, from PAYPAL_PLAN_IDS. */
export function planOf(planIds: PaypalSettings["planIds"], planId: string): { plan: Plan; periodMonths: PeriodMonths } | null {
  const key = Object.entries(planIds).find(([, id]) => id === planId)?.[0];
  const [plan, months] = (key ?? "").split("_");
  const periodMonths = Number(months) as PeriodMonths;
  return isPlan(plan) && PERIODS.includes(periodMonths) ? { plan, periodMonths } : null;
}

function addMonths(time: Date, months: number): Date {
  const next = new Date(time);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

/** The end of what the buyer paid for: the next billing time, else a period after the last payment. */
function paidThrough(sub: PaypalSubscription, months: PeriodMonths, now: Date): Date {
  const next = sub.billing_info?.next_billing_time;
  if (next) return new Date(next);
  const last = sub.billing_info?.last_payment?.time;
  if (last) return addMonths(new Date(last), months);
  return sub.status_update_time ? new Date(sub.status_update_time) : now;
}

export function toProviderSubscription(raw: unknown, planIds: PaypalSettings["planIds"], now = new Date()): ProviderSubscription {
  const parsed = paypalSubscriptionSchema.safeParse(raw);
  if (!parsed.success) throw new PaypalForeignError("PayPal answered a subscription without PayPal's shape");
  const sub = parsed.data;
  const owner = parseCustomId(sub.custom_id);
  const sold = planOf(planIds, sub.plan_id);
  if (!owner || !sold) throw new PaypalForeignError(`PayPal subscription ${sub.id} was not sold by Guildhall`);
  if (sub.status === "APPROVAL_PENDING" || sub.status === "APPROVED") throw new PaypalPendingError(`PayPal subscription ${sub.id} is not approved yet`);
  const end = paidThrough(sub, sold.periodMonths, now);
  const ended = sub.status === "CANCELLED" || sub.status === "EXPIRED";
  const status: SubscriptionStatus = ended ? (end.getTime() > now.getTime() ? "non_renewing" : "cancelled") : sub.status === "SUSPENDED" ? "paused" : (sub.billing_info?.failed_payments_count ?? 0) > 0 ? "past_due" : "active";
  return {
    provider: "paypal",
    externalId: sub.id,
    customerId: sub.subscriber?.payer_id ?? null,
    ...owner,
    ...sold,
    status,
    currentPeriodEnd: end,
    cancelAtPeriodEnd: status === "non_renewing",
    // PayPal pays from the buyer's PayPal account: there is no card to show.
    paymentMethod: null,
    withCustomBot: false,
  };
}
