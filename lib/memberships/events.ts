import "server-only";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeClient } from "@/lib/billing/stripe/client";
import { viaStripe } from "@/lib/billing/stripe/errors";
import { stripeStatus } from "@/lib/billing/stripe/subscription-map";
import { claimEvent } from "@/lib/billing/webhook-events";
import type { Db } from "@/lib/db/client";
import { membershipInvoices, membershipPlans, memberships as membershipRows } from "@/lib/db/schema";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { getQueue } from "@/lib/jobs/queue";
import { memberships } from "@/lib/plugins/memberships/definition";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { sendExpiry, sendRoleChange } from "./role-jobs";
import { guildAccount, onAccount } from "./stripe-connect";

// Events of guilds' connected accounts (Stripe Connect: the event names its `account`), after
// lib/billing/stripe/webhook.ts checked the signature. The subscription is read again from the
// account (an event's body may be stale or out of order), must carry our metadata and belong to
// the account of the guild it names. The membership row follows it (status, period end, plan);
// a paid invoice is recorded once (revenue). The role jobs are sent first, then the claim and the
// writes commit together: a send that fails fails the webhook before the event is claimed, so
// Stripe's retry does it all again; a commit that fails after the sends is retried the same way,
// and sending the same role change twice changes nothing (the jobs are idempotent). Sent after
// the claim, a lost send would have been lost for good (the retry finds the event claimed).

export type ConnectEvent = { id: string; type: string; account: string; object: { id: string; object: string } & Record<string, unknown> };

const subscriptionIdOf = (event: ConnectEvent): string | null => {
  const object = event.object;
  if (event.type.startsWith("customer.subscription.")) return object.id;
  if (event.type === "checkout.session.completed") return typeof object.subscription === "string" ? object.subscription : null;
  if (event.type === "invoice.paid") {
    const parent = (object as unknown as Stripe.Invoice).parent;
    const sub = parent?.subscription_details?.subscription;
    return typeof sub === "string" ? sub : (sub?.id ?? null);
  }
  return null;
};

export async function handleMembershipEvent(db: Db, event: ConnectEvent): Promise<{ received: true; applied: boolean }> {
  const subscriptionId = subscriptionIdOf(event);
  if (!subscriptionId) return { received: true, applied: false };
  const sub = await viaStripe(() => stripeClient().subscriptions.retrieve(subscriptionId, {}, onAccount(event.account)));
  const { guild_id: guildId, user_id: userId, plan_id: planId } = sub.metadata;
  // Not a membership of ours, or not on the account of the guild it names: acknowledged, nothing done.
  if (!guildId || !userId || !planId || (await guildAccount(db, guildId)) !== event.account) return { received: true, applied: false };
  const [plan] = await db.select().from(membershipPlans).where(eq(membershipPlans.id, planId));
  const [before] = await db.select().from(membershipRows).where(eq(membershipRows.stripeSubscriptionId, sub.id));
  const roleId = plan?.guildId === guildId ? plan.roleId : before?.roleId;
  if (!roleId) return { received: true, applied: false };
  const status = stripeStatus(sub);
  const periodEnd = new Date(Math.max(...sub.items.data.map((item) => item.current_period_end)) * 1000);
  const endedAt = sub.ended_at ? new Date(sub.ended_at * 1000) : null;
  const row = {
    id: before?.id ?? randomUUID(),
    guildId,
    userId,
    planId: plan?.guildId === guildId ? plan.id : (before?.planId ?? null),
    roleId,
    stripeAccountId: event.account,
    stripeSubscriptionId: sub.id,
    customerId: typeof sub.customer === "string" ? sub.customer : sub.customer.id,
    // "ended" is the expiry job's to say, once the role is taken back.
    status: before?.status === "ended" && status === "cancelled" ? "ended" : status,
    currentPeriodEnd: periodEnd,
    endedAt,
  };
  const queue = await getQueue();
  const member = { guildId, userId };
  const live = status !== "cancelled";
  if (live && (!before || before.roleId !== roleId || before.status === "ended")) await sendRoleChange(queue, { ...member, roleId }, true);
  // A plan change: the old plan's role goes when the new one comes.
  if (live && before && before.roleId !== roleId && before.status !== "ended") await sendRoleChange(queue, { ...member, roleId: before.roleId }, false);
  const grace = Number((await readPluginState(db, guildId, memberships)).config.grace_period_days);
  if (!before || before.currentPeriodEnd.getTime() !== periodEnd.getTime() || (endedAt && !before.endedAt)) await sendExpiry(queue, row.id, endedAt ?? periodEnd, grace);
  const applied = await db.transaction(async (tx) => {
    if (!(await claimEvent(tx, "stripe", event.id, event.type))) return false;
    const { id: _id, ...changes } = row;
    await tx.insert(membershipRows).values(row).onConflictDoUpdate({ target: membershipRows.stripeSubscriptionId, set: changes });
    if (event.type === "invoice.paid") {
      const invoice = event.object as unknown as Stripe.Invoice;
      const paidAt = invoice.status_transitions?.paid_at ?? invoice.created;
      await tx.insert(membershipInvoices).values({ stripeInvoiceId: invoice.id!, guildId, membershipId: row.id, amountCents: invoice.amount_paid, currency: invoice.currency, paidAt: new Date(paidAt * 1000) }).onConflictDoNothing();
    }
    return true;
  });
  if (!applied) return { received: true, applied: false };
  // The plugin page's members and revenue show the change from now on.
  expireGuildPages(guildId, [memberships.id]);
  return { received: true, applied: true };
}
