import { invoiceJson, subscriptionJson } from "./objects";
import { addMonths, newId, type StripeFakeState, type Subscription } from "./state";
import { emit, type WebhookTarget } from "./webhooks";

// The fake's billing cycle: every charge is an invoice paid at once with the saved card
// (invoice.paid sent, on the subscription's account), at checkout, at each renewal and for the
// prorated difference of a plan change. The end of a period is a test control (advancePeriod),
// since the fake keeps no clock of its own.

export async function payInvoice(state: StripeFakeState, target: WebhookTarget, sub: Subscription, amountPaid: number, billingReason: string): Promise<void> {
  const invoice = { id: newId("in"), customer: sub.customer, subscription: sub.id, amountPaid, currency: sub.price.currency ?? "usd", billingReason, paidAt: state.now(), account: sub.account };
  state.invoices.set(invoice.id, invoice);
  await emit(state, target, "invoice.paid", invoiceJson(invoice), sub.account);
}

/**
 * The period of `sub` ends now: one set to cancel at period end is canceled
 * (customer.subscription.deleted); any other renews, its renewal invoice paid, then
 * customer.subscription.updated with the next period.
 */
export async function advancePeriod(state: StripeFakeState, target: WebhookTarget, sub: Subscription): Promise<void> {
  if (sub.status === "canceled") return;
  if (sub.cancelAtPeriodEnd) {
    const now = state.now();
    Object.assign(sub, { status: "canceled", canceledAt: now, periodEnd: now, cancelAtPeriodEnd: false });
    await emit(state, target, "customer.subscription.deleted", subscriptionJson(state, sub), sub.account);
    return;
  }
  Object.assign(sub, { periodStart: sub.periodEnd, periodEnd: addMonths(sub.periodEnd, sub.price.months) });
  await payInvoice(state, target, sub, sub.price.unitAmount, "subscription_cycle");
  await emit(state, target, "customer.subscription.updated", subscriptionJson(state, sub), sub.account);
}

/** Stripe's proration of a price change now: the unused part of the old price credited, the rest of the period on the new one charged. */
export function prorationOf(state: StripeFakeState, sub: Subscription, from: { unitAmount: number }, to: { unitAmount: number }): number {
  const period = Math.max(1, sub.periodEnd - sub.periodStart);
  const left = Math.max(0, sub.periodEnd - state.now()) / period;
  return Math.round((to.unitAmount - from.unitAmount) * left);
}
