import "server-only";
import { randomUUID } from "node:crypto";
import type Stripe from "stripe";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { and, eq } from "drizzle-orm";
import { payments, subscriptions } from "@/lib/db/schema";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { signalNotifications } from "@/lib/realtime/hub";
import { recordPayment } from "@/lib/billing/purchases";
import { claimEvent } from "@/lib/billing/webhook-events";
import { handleMembershipEvent } from "@/lib/memberships/events";
import { ApiError } from "@/lib/http/api-error";
import { inputText } from "@/lib/validation/text";
import { stripeProvider } from "./adapter";
import { stripeClient, stripeSettings } from "./client";
import { viaStripe } from "./errors";
import { oneOffBuyer, paidOneOff } from "./one-off";
import { StripeMappingError } from "./subscription-map";

// Stripe's events: signature first (300 s tolerance, Stripe's default), then the event's shape,
// then the subscription it names read again from Stripe (its body may be stale or out of
// order), then claim + apply + payment row in one transaction. Stripe being down throws before
// the claim, so the 5xx makes Stripe send the event again and it applies then. A completed
// one-off checkout (mode=payment, the rank card) records its payment and grant instead. An event
// of a connected account (a guild's memberships) goes to lib/memberships/events.ts.

const TOLERANCE_SECONDS = 300;

function notOurs(error: unknown): null {
  if (error instanceof StripeMappingError) return null;
  throw error;
}

const eventSchema = z.object({
  id: inputText().regex(/^evt_\w+$/),
  /** Set on events of a connected account (Stripe Connect): a guild's memberships. */
  account: inputText().regex(/^acct_\w+$/).optional(),
  type: inputText().max(100),
  data: z.object({ object: z.object({ id: inputText().max(255), object: inputText().max(100) }).loose() }),
});

export async function handleStripeEvent(db: Db, payload: string, signature: string | null): Promise<{ received: true; applied: boolean }> {
  let raw: unknown;
  try {
    raw = stripeClient().webhooks.constructEvent(payload, signature ?? "", stripeSettings().webhookSecret, TOLERANCE_SECONDS);
  } catch {
    throw new ApiError(401, "webhook_signature_invalid", "The Stripe-Signature header does not match this payload.");
  }
  const parsed = eventSchema.safeParse(raw);
  if (!parsed.success) throw new ApiError(400, "webhook_event_invalid", "The event does not have Stripe's shape.");
  const event = parsed.data;
  const object = event.data.object;
  // A guild's own account (Stripe Connect) sells only memberships: lib/memberships applies them.
  if (event.account) return handleMembershipEvent(db, { id: event.id, type: event.type, account: event.account, object });
  const session = event.type === "checkout.session.completed" ? await viaStripe(() => stripeClient().checkout.sessions.retrieve(object.id)) : null;
  if (session?.mode === "payment") return recordOneOff(db, event, session);
  const subscriptionId = session ? session.subscription : event.type.startsWith("customer.subscription.") ? object.id : null;
  if (typeof subscriptionId !== "string") return { received: true, applied: false };
  const sub = await viaStripe(() => stripeProvider.fetchSubscription(subscriptionId).catch(notOurs));
  // Another product sold on the same Stripe account: acknowledged, so Stripe stops sending it.
  if (!sub) return { received: true, applied: false };
  const previousGuild = (await db.select({ guildId: subscriptions.guildId }).from(subscriptions).where(and(eq(subscriptions.provider, "stripe"), eq(subscriptions.externalId, sub.externalId))))[0]?.guildId;
  const result = await db.transaction(async (tx) => {
    if (!(await claimEvent(tx, "stripe", event.id, event.type))) return { received: true as const, applied: false };
    const row = await applyProviderSubscription(tx, sub);
    if (session?.payment_status === "paid") {
      await tx
        .insert(payments)
        .values({ id: randomUUID(), provider: "stripe", externalId: session.id, subscriptionId: row.id, guildId: sub.guildId, userId: sub.userId, product: sub.plan, amountCents: session.amount_total ?? 0, currency: session.currency ?? "usd", status: "paid" })
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

/** A paid one-off checkout (the rank card): the payment and its grant, with the event's claim, in one transaction. */
async function recordOneOff(db: Db, event: { id: string; type: string }, session: Stripe.Checkout.Session): Promise<{ received: true; applied: boolean }> {
  const buyer = oneOffBuyer(session);
  // Another product sold on the same Stripe account, or not paid yet (a delayed method): acknowledged, nothing recorded.
  if (!buyer || session.payment_status !== "paid") return { received: true, applied: false };
  return db.transaction(async (tx) => {
    if (!(await claimEvent(tx, "stripe", event.id, event.type))) return { received: true as const, applied: false };
    await recordPayment(tx, paidOneOff(session, buyer));
    return { received: true as const, applied: true };
  });
}
