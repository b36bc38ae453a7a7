import { priceJson } from "./catalog";
import type { Card, Customer, Invoice, Session, StripeFakeState, Subscription } from "./state";

// Stripe's JSON for the fake's objects (the fields the SDK's types name and the app reads).

export function customerJson(customer: Customer) {
  return {
    id: customer.id,
    object: "customer",
    email: customer.email,
    name: customer.name,
    metadata: customer.metadata,
    created: customer.created,
    invoice_settings: { default_payment_method: customer.defaultPaymentMethod },
    livemode: false,
  };
}

export function cardJson(card: Card) {
  return {
    id: card.id,
    object: "payment_method",
    type: "card",
    customer: card.customer,
    card: { brand: card.brand, last4: card.last4, exp_month: card.expMonth, exp_year: card.expYear, funding: "credit", country: "US" },
    billing_details: { name: null, email: null },
    livemode: false,
  };
}

export function sessionUrl(base: string, session: Session): string {
  return `${base}/c/pay/${session.id}`;
}

export function sessionJson(base: string, session: Session) {
  return {
    id: session.id,
    object: "checkout.session",
    mode: session.mode,
    status: session.status,
    payment_status: session.status === "complete" ? "paid" : "unpaid",
    amount_total: session.price.unitAmount,
    amount_subtotal: session.price.unitAmount,
    currency: session.price.currency ?? "usd",
    customer: session.customer,
    customer_email: session.customerEmail,
    client_reference_id: session.clientReferenceId,
    metadata: session.metadata,
    subscription: session.subscription,
    payment_intent: session.paymentIntent,
    success_url: session.successUrl,
    cancel_url: session.cancelUrl,
    url: session.status === "open" ? sessionUrl(base, session) : null,
    created: session.created,
    expires_at: session.created + 86400,
    livemode: false,
  };
}

/** `expand` names fields to inline (only default_payment_method is supported, the one the app asks for). */
export function subscriptionJson(state: StripeFakeState, sub: Subscription, expand: readonly string[] = []) {
  const card = sub.defaultPaymentMethod ? state.cards.get(sub.defaultPaymentMethod) : undefined;
  return {
    id: sub.id,
    object: "subscription",
    customer: sub.customer,
    status: sub.status,
    metadata: sub.metadata,
    cancel_at_period_end: sub.cancelAtPeriodEnd,
    cancel_at: sub.cancelAtPeriodEnd ? sub.periodEnd : null,
    canceled_at: sub.canceledAt,
    ended_at: sub.status === "canceled" ? sub.canceledAt : null,
    pause_collection: sub.pauseCollection,
    default_payment_method: expand.includes("default_payment_method") && card ? cardJson(card) : (sub.defaultPaymentMethod ?? null),
    trial_end: sub.trialEnd,
    start_date: sub.created,
    billing_cycle_anchor: sub.periodStart,
    created: sub.created,
    currency: sub.price.currency ?? "usd",
    collection_method: "charge_automatically",
    items: {
      object: "list",
      has_more: false,
      url: `/v1/subscription_items?subscription=${sub.id}`,
      data: [
        {
          id: `si_${sub.id.slice(4)}`,
          object: "subscription_item",
          subscription: sub.id,
          price: priceJson(sub.price),
          quantity: 1,
          current_period_start: sub.periodStart,
          current_period_end: sub.periodEnd,
          metadata: {},
          created: sub.created,
        },
      ],
    },
    livemode: false,
  };
}

/** An invoice as the API names it since 2025: its subscription under parent.subscription_details. */
export function invoiceJson(invoice: Invoice) {
  return {
    id: invoice.id,
    object: "invoice",
    customer: invoice.customer,
    status: "paid",
    amount_due: invoice.amountPaid,
    amount_paid: invoice.amountPaid,
    currency: invoice.currency,
    billing_reason: invoice.billingReason,
    parent: { type: "subscription_details", quote_details: null, subscription_details: { subscription: invoice.subscription, metadata: {} } },
    status_transitions: { paid_at: invoice.paidAt, finalized_at: invoice.paidAt },
    created: invoice.paidAt,
    livemode: false,
  };
}

/** `account` names the connected account an event happened on (Stripe Connect), null for the platform's own. */
export function eventJson(id: string, type: string, object: unknown, created: number, account: string | null = null) {
  return { id, object: "event", ...(account ? { account } : {}), api_version: "2026-10-28.endive", created, type, data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null } };
}

export function listJson(url: string, data: unknown[]) {
  return { object: "list", url, has_more: false, data };
}
