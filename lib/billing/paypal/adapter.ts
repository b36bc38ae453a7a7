import "server-only";
import type { SubscriptionAction } from "@/lib/billing/actions";
import type { BillingProvider, ProviderSubscription } from "@/lib/billing/provider-contract";
import { ApiError } from "@/lib/http/api-error";
import { paypalRequest, paypalSettings } from "./client";
import { customIdOf, parseCustomId, toProviderSubscription } from "./subscription-map";

// BillingProvider over PayPal's Subscriptions API v1. State changes answer 204, so each is
// followed by a read. PayPal has no "cancel at the period's end" (its cancel stops billing, the
// paid cycle still runs: see subscription-map), no free month, and a cancelled subscription
// cannot be restarted (activate takes a SUSPENDED one only): those actions are not offered.

const path = (id: string) => `/v1/billing/subscriptions/${encodeURIComponent(id)}`;
const UNSUPPORTED: readonly SubscriptionAction[] = ["extend", "reactivate"];

async function readRaw(id: string): Promise<unknown> {
  return paypalRequest<unknown>({ method: "GET", path: path(id) });
}

async function read(id: string): Promise<ProviderSubscription> {
  return toProviderSubscription(await readRaw(id), paypalSettings().planIds);
}

async function change(id: string, action: "cancel" | "suspend" | "activate", reason: string): Promise<ProviderSubscription> {
  await paypalRequest({ method: "POST", path: `${path(id)}/${action}`, body: { reason } });
  return read(id);
}

function notOffered(): ApiError {
  return new ApiError(409, "subscription_action_unavailable", "This subscription cannot be changed that way now.");
}

export const paypalProvider: BillingProvider = {
  id: "paypal",
  supports: (action) => !UNSUPPORTED.includes(action),
  fetchSubscription: read,
  cancel: (id) => change(id, "cancel", "Cancelled by the server's manager on Guildhall"),
  pause: (id) => change(id, "suspend", "Paused by the server's manager on Guildhall"),
  resume: (id) => change(id, "activate", "Resumed by the server's manager on Guildhall"),
  async reactivate() {
    throw notOffered();
  },
  async extend() {
    throw notOffered();
  },
  // PayPal has no per-customer portal session: buyers manage automatic payments on their account page.
  async portalUrl() {
    return `${paypalSettings().siteUrl}/myaccount/autopay/`;
  },
  async setGuild(id, guildId) {
    const owner = parseCustomId((((await readRaw(id)) ?? {}) as { custom_id?: string }).custom_id);
    if (!owner) throw new ApiError(404, "billing_not_found", "This subscription was not sold by Guildhall.");
    await paypalRequest({ method: "PATCH", path: path(id), body: [{ op: "replace", path: "/custom_id", value: customIdOf(guildId, owner.userId) }] });
    return read(id);
  },
};
