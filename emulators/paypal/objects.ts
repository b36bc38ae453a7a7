import { FAKE_BUYER } from "./credentials";
import type { FakeSubscription } from "./state";

// The JSON PayPal's Subscriptions API v1 answers: the subscription resource with its HATEOAS
// links (approve while pending; self, edit and the state changes allowed now), amounts as
// decimal strings, times in Internet date-time format.

type Link = { href: string; rel: string; method: string };

const money = (cents: number) => ({ currency_code: "USD", value: (cents / 100).toFixed(2) });

export function addMonths(time: Date, months: number): Date {
  const next = new Date(time);
  next.setUTCMonth(next.getUTCMonth() + months);
  return next;
}

export function approveUrl(base: string, sub: FakeSubscription): string {
  return `${base}/webapps/billing/subscriptions?ba_token=${sub.baToken}`;
}

function links(base: string, sub: FakeSubscription): Link[] {
  const self = `${base}/v1/billing/subscriptions/${sub.id}`;
  const list: Link[] = [];
  if (sub.status === "APPROVAL_PENDING") list.push({ href: approveUrl(base, sub), rel: "approve", method: "GET" });
  list.push({ href: self, rel: "edit", method: "PATCH" }, { href: self, rel: "self", method: "GET" });
  if (sub.status === "ACTIVE") list.push({ href: `${self}/suspend`, rel: "suspend", method: "POST" }, { href: `${self}/capture`, rel: "capture", method: "POST" });
  if (sub.status === "SUSPENDED") list.push({ href: `${self}/activate`, rel: "activate", method: "POST" });
  if (sub.status === "ACTIVE" || sub.status === "SUSPENDED") list.push({ href: `${self}/cancel`, rel: "cancel", method: "POST" });
  return list;
}

export function subscriptionJson(base: string, sub: FakeSubscription) {
  const approved = sub.payerId !== null;
  return {
    id: sub.id,
    plan_id: sub.plan.id,
    status: sub.status,
    status_update_time: sub.statusUpdateTime,
    custom_id: sub.customId,
    plan_overridden: false,
    quantity: "1",
    ...(sub.startTime ? { start_time: sub.startTime } : {}),
    ...(approved
      ? {
          subscriber: { name: { given_name: FAKE_BUYER.givenName, surname: FAKE_BUYER.surname }, email_address: FAKE_BUYER.email, payer_id: sub.payerId },
          billing_info: {
            outstanding_balance: money(sub.failedPayments > 0 ? sub.plan.cents : 0),
            cycle_executions: [{ tenure_type: "REGULAR", sequence: 1, cycles_completed: sub.lastPayment ? 1 : 0, cycles_remaining: 0, total_cycles: 0 }],
            ...(sub.lastPayment ? { last_payment: { amount: money(sub.lastPayment.cents), time: sub.lastPayment.time } } : {}),
            // PayPal drops the next billing time once nothing will be billed.
            ...(sub.nextBillingTime && (sub.status === "ACTIVE" || sub.status === "SUSPENDED") ? { next_billing_time: sub.nextBillingTime } : {}),
            failed_payments_count: sub.failedPayments,
          },
        }
      : {}),
    create_time: sub.createTime,
    update_time: sub.statusUpdateTime,
    links: links(base, sub),
  };
}

/** A PAYMENT.SALE.COMPLETED resource: one billing cycle paid. */
export function saleJson(base: string, sub: FakeSubscription, saleId: string, cents: number, time: string) {
  return {
    id: saleId,
    state: "completed",
    amount: { total: (cents / 100).toFixed(2), currency: "USD", details: { subtotal: (cents / 100).toFixed(2) } },
    payment_mode: "INSTANT_TRANSFER",
    protection_eligibility: "ELIGIBLE",
    transaction_fee: { value: "0.65", currency: "USD" },
    billing_agreement_id: sub.id,
    custom: sub.customId,
    create_time: time,
    update_time: time,
    links: [{ href: `${base}/v1/payments/sale/${saleId}`, rel: "self", method: "GET" }],
  };
}
