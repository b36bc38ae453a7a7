import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { billingRefusal } from "@/lib/billing/refusal";
import { stripeClient, stripeConfigured } from "@/lib/billing/stripe/client";
import { viaStripe } from "@/lib/billing/stripe/errors";
import type { Db } from "@/lib/db/client";
import { memberships as membershipRows } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { getGuildMember } from "@/lib/platform/bot-api";
import { findPlan } from "./plans";
import { guildAccount, onAccount } from "./stripe-connect";

// What a member does: subscribe to a plan through Stripe Checkout on the guild's account (the
// hosted page; the webhook records the membership and grants the role), and switch plan
// (spec 3: "membership subscription update: plan_id"), the subscription item's price changed
// with Stripe's proration billed at once; the webhook swaps the roles.

const CHECKOUT_WINDOW_MS = 10 * 60_000;

export async function startMembershipCheckout(db: Db, input: { userId: string; guildId: string; planId: string; locale: Locale; now?: number }): Promise<{ url: string }> {
  const { userId, guildId, planId, locale } = input;
  if (!stripeConfigured()) throw billingRefusal(503, "plan_id", "billing_unavailable", locale);
  const plan = await findPlan(db, guildId, planId);
  const account = await guildAccount(db, guildId);
  if (!plan || !account) throw billingRefusal(404, "plan_id", "membership_plan_not_found", locale);
  // Only the server's members can hold its roles.
  if (!(await getGuildMember(guildId, userId))) throw billingRefusal(403, "guild_id", "membership_not_member", locale);
  const [current] = await db
    .select({ id: membershipRows.id })
    .from(membershipRows)
    .where(and(eq(membershipRows.guildId, guildId), eq(membershipRows.userId, userId), ne(membershipRows.status, "ended"), ne(membershipRows.status, "cancelled")));
  if (current) throw billingRefusal(409, "plan_id", "membership_already_member", locale);
  const page = `${getEnv().APP_URL}/${locale}/memberships/${guildId}`;
  const metadata = { guild_id: guildId, user_id: userId, plan_id: plan.id };
  const window = Math.floor((input.now ?? Date.now()) / CHECKOUT_WINDOW_MS);
  const session = await viaStripe(() =>
    stripeClient().checkout.sessions.create(
      {
        mode: "subscription",
        line_items: [{ price: plan.stripePriceId, quantity: 1 }],
        metadata,
        subscription_data: { metadata },
        client_reference_id: userId,
        success_url: `${page}?joined=${plan.id}`,
        cancel_url: page,
      },
      { ...onAccount(account), idempotencyKey: `membership-${guildId}-${userId}-${plan.id}-${plan.stripePriceId}-${window}` },
    ),
  );
  if (!session.url) throw billingRefusal(503, "plan_id", "billing_unavailable", locale);
  return { url: session.url };
}

export async function changeMembershipPlan(db: Db, input: { userId: string; membershipId: string; planId: string; locale: Locale }): Promise<{ id: string; plan_id: string }> {
  const { userId, membershipId, planId, locale } = input;
  const [membership] = await db.select().from(membershipRows).where(eq(membershipRows.id, membershipId));
  // Someone else's membership is as unknown as a missing one.
  if (!membership || membership.userId !== userId || membership.status === "ended" || membership.status === "cancelled") throw billingRefusal(404, "membership_id", "membership_not_found", locale);
  const plan = await findPlan(db, membership.guildId, planId);
  if (!plan) throw billingRefusal(404, "plan_id", "membership_plan_not_found", locale);
  if (plan.id === membership.planId) throw billingRefusal(409, "plan_id", "membership_same_plan", locale);
  const options = onAccount(membership.stripeAccountId);
  await viaStripe(async () => {
    const sub = await stripeClient().subscriptions.retrieve(membership.stripeSubscriptionId, {}, options);
    const item = sub.items.data[0]!;
    await stripeClient().subscriptions.update(
      sub.id,
      { items: [{ id: item.id, price: plan.stripePriceId }], proration_behavior: "always_invoice", metadata: { plan_id: plan.id } },
      { ...options, idempotencyKey: `membership-change-${membership.id}-${plan.id}-${plan.stripePriceId}` },
    );
  });
  return { id: membership.id, plan_id: plan.id };
}
