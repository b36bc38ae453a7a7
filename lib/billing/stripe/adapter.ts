import "server-only";
import type Stripe from "stripe";
import type { BillingProvider, ProviderSubscription } from "@/lib/billing/provider-contract";
import { stripeClient } from "./client";
import { toProviderSubscription } from "./subscription-map";

// BillingProvider over Stripe's subscriptions API. Every answer is read with the card expanded
// so the stored row shows it. Pause is Stripe's pause_collection (no invoices, no buffs);
// extend is a free month as a trial until the period's end plus a month (no proration).

const EXPAND = ["default_payment_method"];
const MONTH_SECONDS = 30 * 24 * 3600;

async function read(id: string): Promise<Stripe.Subscription> {
  return stripeClient().subscriptions.retrieve(id, { expand: EXPAND });
}

async function update(id: string, params: Stripe.SubscriptionUpdateParams): Promise<ProviderSubscription> {
  return toProviderSubscription(await stripeClient().subscriptions.update(id, { ...params, expand: EXPAND }));
}

export const stripeProvider: BillingProvider = {
  id: "stripe",
  async fetchSubscription(id) {
    return toProviderSubscription(await read(id));
  },
  async cancel(id, { atPeriodEnd }) {
    if (atPeriodEnd) return update(id, { cancel_at_period_end: true });
    return toProviderSubscription(await stripeClient().subscriptions.cancel(id, { expand: EXPAND }));
  },
  pause: (id) => update(id, { pause_collection: { behavior: "void" } }),
  resume: (id) => update(id, { pause_collection: "" }),
  async reactivate(id) {
    const current = await read(id);
    if (current.status !== "canceled") return update(id, { cancel_at_period_end: false });
    // Stripe never restarts a canceled subscription: a new one on the same card, price and metadata takes its place.
    const method = typeof current.default_payment_method === "string" ? current.default_payment_method : current.default_payment_method?.id;
    const created = await stripeClient().subscriptions.create(
      { customer: typeof current.customer === "string" ? current.customer : current.customer.id, items: [{ price: current.items.data[0]!.price.id }], metadata: current.metadata, default_payment_method: method, expand: EXPAND },
      { idempotencyKey: `reactivate-${id}` },
    );
    return toProviderSubscription(created);
  },
  async extend(id) {
    const current = await read(id);
    const end = Math.max(...current.items.data.map((item) => item.current_period_end));
    return update(id, { trial_end: end + MONTH_SECONDS, proration_behavior: "none" });
  },
  async portalUrl(customerId, returnUrl) {
    return (await stripeClient().billingPortal.sessions.create({ customer: customerId, return_url: returnUrl })).url;
  },
  setGuild: (id, guildId) => update(id, { metadata: { guild_id: guildId } }),
};
