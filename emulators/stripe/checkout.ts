import { payInvoice } from "./invoices";
import { sessionJson, subscriptionJson } from "./objects";
import { addMonths, newId, type Session, type StripeFakeState, type Subscription } from "./state";
import { emit, type WebhookTarget } from "./webhooks";

// What paying on the hosted checkout page does: the customer (made when the session named
// none), the card saved as its default, the subscription carrying the session's metadata, the
// session complete, then checkout.session.completed, customer.subscription.created and the
// first invoice.paid sent (on the session's connected account, if any).
// A one-off payment (mode=payment) makes no customer (Stripe's customer_creation=if_required)
// and no subscription: the session completes with its payment intent, and only
// checkout.session.completed is sent.

export async function completeCheckout(state: StripeFakeState, target: WebhookTarget, base: string, session: Session, name: string | null): Promise<Subscription | null> {
  if (session.mode === "payment") {
    Object.assign(session, { status: "complete", paymentIntent: newId("pi") });
    await emit(state, target, "checkout.session.completed", sessionJson(base, session), session.account);
    return null;
  }
  const now = state.now();
  let customerId = session.customer;
  if (!customerId) {
    customerId = newId("cus");
    state.customers.set(customerId, { id: customerId, email: session.customerEmail, name, metadata: {}, created: now, defaultPaymentMethod: null });
  }
  const card = { id: newId("pm"), brand: "visa", last4: "4242", expMonth: 12, expYear: new Date().getUTCFullYear() + 3, customer: customerId };
  state.cards.set(card.id, card);
  state.customers.get(customerId)!.defaultPaymentMethod = card.id;
  const subscription: Subscription = {
    id: newId("sub"),
    customer: customerId,
    price: session.price,
    metadata: { ...session.metadata, ...session.subscriptionMetadata },
    status: "active",
    cancelAtPeriodEnd: false,
    pauseCollection: null,
    defaultPaymentMethod: card.id,
    periodStart: now,
    periodEnd: addMonths(now, session.price.months),
    trialEnd: null,
    canceledAt: null,
    account: session.account,
    created: now,
  };
  state.subscriptions.set(subscription.id, subscription);
  Object.assign(session, { status: "complete", customer: customerId, subscription: subscription.id });
  await emit(state, target, "checkout.session.completed", sessionJson(base, session), session.account);
  await emit(state, target, "customer.subscription.created", subscriptionJson(state, subscription), session.account);
  await payInvoice(state, target, subscription, session.price.unitAmount, "subscription_create");
  return subscription;
}
