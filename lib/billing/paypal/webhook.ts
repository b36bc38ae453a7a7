import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { signalNotifications } from "@/lib/realtime/hub";
import { claimEvent } from "@/lib/billing/webhook-events";
import type { Db } from "@/lib/db/client";
import { payments, subscriptions } from "@/lib/db/schema";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { ApiError } from "@/lib/http/api-error";
import { inputDateTime, inputText } from "@/lib/validation/text";
import { paypalProvider } from "./adapter";
import { paypalRequest, paypalSettings } from "./client";
import { PaypalForeignError, PaypalPendingError } from "./subscription-map";

// PayPal's events: the transmission is verified by PayPal itself (verify-webhook-signature, with
// our webhook id), then the subscription the event names is read again from PayPal (the body
// may be stale or out of order), then claim + apply (+ the payment row of a completed sale) in
// one transaction. PayPal being down throws before the claim: the 502 makes PayPal send the
// event again, and it applies then.

export type PaypalHeaders = { transmissionId: string | null; transmissionTime: string | null; transmissionSig: string | null; certUrl: string | null; authAlgo: string | null };

const headerSchema = z.object({
  transmissionId: inputText().min(1).max(50),
  transmissionTime: inputDateTime(),
  transmissionSig: inputText().min(1).max(1000),
  certUrl: inputText().max(500).regex(/^https?:\/\/\S+$/),
  authAlgo: inputText().regex(/^[A-Za-z0-9]{1,100}$/),
});

const eventSchema = z.object({
  id: inputText().regex(/^WH-[A-Z0-9-]{6,80}$/),
  event_type: inputText().max(100),
  resource: z.object({ id: inputText().max(100).optional(), billing_agreement_id: inputText().max(100).optional() }).loose(),
});

const saleSchema = z.object({ id: inputText().max(100), amount: z.object({ total: inputText().regex(/^\d{1,9}(\.\d{1,2})?$/), currency: inputText().regex(/^[A-Z]{3}$/) }) });

/** Events that say a subscription changed; the subscription is read again, whatever the event says. */
const SUBSCRIPTION_EVENT = /^BILLING\.SUBSCRIPTION\.(ACTIVATED|CANCELLED|SUSPENDED|EXPIRED|PAYMENT\.FAILED|RE-ACTIVATED|UPDATED)$/;
const SALE_COMPLETED = "PAYMENT.SALE.COMPLETED";

type Result = { received: true; applied: boolean };

function signatureInvalid(): ApiError {
  return new ApiError(401, "webhook_signature_invalid", "PayPal did not confirm this transmission's signature.");
}

export async function handlePaypalEvent(db: Db, payload: string, headers: PaypalHeaders): Promise<Result> {
  let raw: unknown;
  try {
    raw = JSON.parse(payload);
  } catch {
    throw new ApiError(400, "webhook_event_invalid", "The event is not JSON.");
  }
  const transmission = headerSchema.safeParse(headers);
  if (!transmission.success || typeof raw !== "object" || raw === null) throw signatureInvalid();
  const check = await paypalRequest<{ verification_status?: string }>({
    method: "POST",
    path: "/v1/notifications/verify-webhook-signature",
    body: {
      auth_algo: transmission.data.authAlgo,
      cert_url: transmission.data.certUrl,
      transmission_id: transmission.data.transmissionId,
      transmission_sig: transmission.data.transmissionSig,
      transmission_time: transmission.data.transmissionTime,
      webhook_id: paypalSettings().webhookId,
      webhook_event: raw,
    },
  }).catch((error: unknown) => {
    // PayPal refusing the request itself (a malformed header) is a bad transmission, not an outage.
    if (error instanceof ApiError && error.code === "billing_refused") return null;
    throw error;
  });
  if (check?.verification_status !== "SUCCESS") throw signatureInvalid();
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "webhook_event_invalid", "The event does not have PayPal's shape.");
  const event = parsed.data;
  const sale = event.event_type === SALE_COMPLETED ? saleSchema.safeParse(event.resource) : null;
  const subscriptionId = SUBSCRIPTION_EVENT.test(event.event_type) ? event.resource.id : sale?.success ? event.resource.billing_agreement_id : undefined;
  if (!subscriptionId) return { received: true, applied: false };
  const sub = await readOurs(subscriptionId);
  // Another product sold on the same PayPal account, or not approved yet: acknowledged, so PayPal stops sending it.
  if (!sub) return { received: true, applied: false };
  const where = and(eq(subscriptions.provider, "paypal"), eq(subscriptions.externalId, sub.externalId));
  const previousGuild = (await db.select({ guildId: subscriptions.guildId }).from(subscriptions).where(where))[0]?.guildId;
  const result = await db.transaction(async (tx) => {
    if (!(await claimEvent(tx, "paypal", event.id, event.event_type))) return { received: true as const, applied: false };
    const row = await applyProviderSubscription(tx, sub);
    if (sale?.success) {
      const { id, amount } = sale.data;
      await tx
        .insert(payments)
        .values({ id: randomUUID(), provider: "paypal", externalId: id, subscriptionId: row.id, guildId: sub.guildId, userId: sub.userId, product: sub.plan, amountCents: Math.round(Number(amount.total) * 100), currency: amount.currency.toLowerCase(), status: "paid" })
        .onConflictDoNothing();
    }
    return { received: true as const, applied: true };
  });
  // The guild's cached pages show Premium on or off from now on (a route's pipeline does this for its own writes).
  if (result.applied) {
    for (const guildId of new Set([sub.guildId, previousGuild ?? sub.guildId])) expireGuildPages(guildId);
    // A renewal or a failed payment the change noted reaches the buyer's open tabs.
    await signalNotifications([sub.userId]);
  }
  return result;
}

async function readOurs(subscriptionId: string): Promise<ProviderSubscription | null> {
  try {
    return await paypalProvider.fetchSubscription(subscriptionId);
  } catch (error) {
    if (error instanceof PaypalForeignError || error instanceof PaypalPendingError) return null;
    if (error instanceof ApiError && error.code === "billing_not_found") return null;
    throw error;
  }
}
