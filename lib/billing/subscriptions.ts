import "server-only";
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit } from "@/lib/audit/record";
import { disableWhenNotIncluded } from "@/lib/custom-bot/switch";
import type { Tx } from "@/lib/db/client";
import { guildSettings, subscriptions } from "@/lib/db/schema";
import { billingNotice } from "@/lib/notifications/billing";
import { addNotifications } from "@/lib/notifications/store";
import { recordCustomer } from "./customers";
import { CUSTOM_BOT_BUFF, PLAN_BUFFS, SUBSCRIPTION_BUFFS, isPlan } from "./plans";
import type { ProviderSubscription, SubscriptionStatus } from "./provider-contract";

// A guild's buffs follow its subscriptions: every change a provider reports (a webhook, an
// owner's cancel, a checkout finalized) is stored here, and the guild's subscription buffs are
// computed again from all its subscriptions in the same transaction, with an audit row. A
// lapsed subscription turns its buffs off; premium-only settings keep their values (they stop
// applying: the forms say so), and a custom bot they no longer include is disabled, not deleted.

type Row = typeof subscriptions.$inferSelect;

const GIVING: readonly SubscriptionStatus[] = ["active", "in_trial", "non_renewing", "past_due"];

/** Whether a subscription gives its plan's buffs at `now`. */
export function givesBuffs(row: Pick<Row, "status" | "currentPeriodEnd" | "cancelAtPeriodEnd" | "plan">, now: Date): boolean {
  if (!isPlan(row.plan) || !(GIVING as readonly string[]).includes(row.status)) return false;
  // A subscription that ends with its period stops giving at that moment, even before the provider's event arrives.
  const ending = row.status === "non_renewing" || row.cancelAtPeriodEnd;
  return !ending || row.currentPeriodEnd.getTime() > now.getTime();
}

/** The guild's buffs with its subscription buffs drawn again from `rows`; gifted and platform buffs stay. */
export function buffsFrom(current: readonly string[], rows: readonly Row[], now: Date): string[] {
  const kept = current.filter((buff) => !SUBSCRIPTION_BUFFS.includes(buff));
  const paid = rows.filter((row) => givesBuffs(row, now)).flatMap((row) => [...PLAN_BUFFS[row.plan as keyof typeof PLAN_BUFFS], ...(row.withCustomBot ? [CUSTOM_BOT_BUFF] : [])]);
  return [...new Set([...kept, ...paid])];
}

/** Draws the guild's buffs again from its subscriptions; returns them, before and after. */
export async function recomputeGuildBuffs(tx: Tx, guildId: string, now = new Date()): Promise<{ before: string[]; after: string[] }> {
  await tx.insert(guildSettings).values({ guildId }).onConflictDoNothing();
  const [settings] = await tx.select({ buffs: guildSettings.buffs }).from(guildSettings).where(eq(guildSettings.guildId, guildId)).for("update");
  const before = settings?.buffs ?? [];
  const rows = await tx.select().from(subscriptions).where(eq(subscriptions.guildId, guildId));
  const after = buffsFrom(before, rows, now);
  if (after.join() !== before.join()) await tx.update(guildSettings).set({ buffs: after, updatedAt: sql`now()` }).where(eq(guildSettings.guildId, guildId));
  return { before, after };
}

/** A change an owner made for a reason the audit log names (the free month), audited as theirs. */
export type AuditCause = { userId: string; event: "free_month" };

/**
 * Stores the provider's view of a subscription (new or changed) and applies it to its guild's
 * buffs, audited as the buyer's change (or `cause`'s). A subscription that moved to another
 * guild (a transfer) is applied to both. Returns the stored row.
 */
export async function applyProviderSubscription(tx: Tx, sub: ProviderSubscription, now = new Date(), cause?: AuditCause): Promise<Row> {
  const where = and(eq(subscriptions.provider, sub.provider), eq(subscriptions.externalId, sub.externalId));
  const [previous] = await tx.select().from(subscriptions).where(where).for("update");
  const values = {
    customerId: sub.customerId,
    guildId: sub.guildId,
    userId: sub.userId,
    plan: sub.plan,
    periodMonths: sub.periodMonths,
    status: sub.status,
    currentPeriodEnd: sub.currentPeriodEnd,
    cancelAtPeriodEnd: sub.cancelAtPeriodEnd,
    paymentMethod: sub.paymentMethod,
    withCustomBot: sub.withCustomBot,
    updatedAt: now,
  };
  const [row] = previous
    ? await tx.update(subscriptions).set(values).where(where).returning()
    : await tx.insert(subscriptions).values({ id: randomUUID(), provider: sub.provider, externalId: sub.externalId, ...values, createdAt: now }).returning();
  await recordCustomer(tx, sub);
  // The buyer hears of a renewal or a failed payment with the change (the caller's transaction:
  // once per provider event); webhooks tell the open tabs after the commit (signalNotifications).
  const notice = billingNotice(previous, row!, cause !== undefined);
  if (notice) await addNotifications(tx, [notice]);
  const guilds = [...new Set([sub.guildId, ...(previous && previous.guildId !== sub.guildId ? [previous.guildId] : [])])];
  for (const guildId of guilds) {
    const buffs = await recomputeGuildBuffs(tx, guildId, now);
    await recordAudit(tx, {
      guildId,
      userId: cause?.userId ?? sub.userId,
      action: "billing.update",
      target: `subscription:${row!.id}`,
      before: previous ? { status: previous.status, plan: previous.plan, guild_id: previous.guildId, current_period_end: previous.currentPeriodEnd.toISOString(), buffs: buffs.before } : null,
      after: { status: row!.status, plan: row!.plan, guild_id: row!.guildId, current_period_end: row!.currentPeriodEnd.toISOString(), buffs: buffs.after, ...(cause ? { event: cause.event } : {}) },
    });
    // A subscription that included the custom bot ended (or moved away): the bot goes off, kept for a new subscription.
    await disableWhenNotIncluded(tx, guildId, buffs.after, cause?.userId ?? sub.userId);
  }
  return row!;
}
