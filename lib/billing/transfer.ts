import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { guildSettings, subscriptions } from "@/lib/db/schema";
import { isPremium } from "@/lib/guilds/premium";
import type { Locale } from "@/lib/i18n/locales";
import { PLAN_BUFFS, type Plan } from "./plans";
import { applyProviderSubscription, buffsFrom, givesBuffs } from "./subscriptions";
import type { ProviderId, ProviderSubscription, SubscriptionStatus } from "./provider-contract";
import { billingProvider } from "./provider-adapters";
import { billingRefusal } from "./refusal";

// A buyer moves what they pay for from one guild they manage to another (spec 1): the
// subscription itself moves, so its period, renewals and invoices go with it. Both guilds'
// settings rows are locked first (in id order, so two transfers never wait on each other in
// a circle): a second transfer racing this one sees the moved subscription and is refused.

/** What a transfer moves: the subscription giving this buff (a premium transfer moves a bundle too). */
export type TransferKind = "premium" | "web3";

type Row = typeof subscriptions.$inferSelect;

export type TransferRequest = { userId: string; originGuildId: string; targetGuildId: string; kind: TransferKind; locale: Locale };

const grants = (row: Row, kind: TransferKind) => (PLAN_BUFFS[row.plan as Plan] ?? []).includes(kind);
const hasKind = (buffs: readonly string[], kind: TransferKind) => (kind === "premium" ? isPremium(buffs) : buffs.includes(kind));

/** Moves the origin guild's subscription giving `kind` to the target guild; returns the moved subscription. */
export async function transferSubscription(db: Db, request: TransferRequest, now = new Date()): Promise<Row> {
  const { userId, originGuildId, targetGuildId, kind, locale } = request;
  if (originGuildId === targetGuildId) throw billingRefusal(400, "target_guild_id", "transfer_same_guild", locale);
  return db.transaction(async (tx) => {
    const guilds = [originGuildId, targetGuildId].sort();
    await tx.insert(guildSettings).values(guilds.map((guildId) => ({ guildId }))).onConflictDoNothing();
    const settings = await tx.select({ guildId: guildSettings.guildId, buffs: guildSettings.buffs }).from(guildSettings).where(inArray(guildSettings.guildId, guilds)).orderBy(guildSettings.guildId).for("update");
    const rows = await tx.select().from(subscriptions).where(inArray(subscriptions.guildId, guilds)).for("update");

    const moving = rows.filter((row) => row.guildId === originGuildId && grants(row, kind) && givesBuffs(row, now));
    if (moving.length === 0) throw billingRefusal(409, "origin_guild_id", "transfer_nothing_to_move", locale);
    const owned = moving.find((row) => row.userId === userId);
    if (!owned) throw billingRefusal(403, "origin_guild_id", "transfer_not_buyer", locale);

    const targetBuffs = buffsFrom(settings.find((row) => row.guildId === targetGuildId)?.buffs ?? [], rows.filter((row) => row.guildId === targetGuildId), now);
    if (hasKind(targetBuffs, kind)) throw billingRefusal(409, "target_guild_id", "transfer_target_has_plan", locale);

    // The provider learns first: when it refuses, the transaction rolls back and nothing moved here either.
    const provider = billingProvider(owned.provider as ProviderId);
    const moved = provider ? await provider.setGuild(owned.externalId, targetGuildId) : { ...providerView(owned), guildId: targetGuildId };
    return applyProviderSubscription(tx, { ...moved, guildId: targetGuildId }, now);
  });
}

/** A stored subscription as a provider would describe it (crypto plans: the app is their only record). */
function providerView(row: Row): ProviderSubscription {
  return {
    provider: row.provider as ProviderId,
    externalId: row.externalId,
    customerId: row.customerId,
    guildId: row.guildId,
    userId: row.userId,
    plan: row.plan as Plan,
    periodMonths: row.periodMonths as ProviderSubscription["periodMonths"],
    status: row.status as SubscriptionStatus,
    currentPeriodEnd: row.currentPeriodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd,
    paymentMethod: row.paymentMethod ?? null,
    withCustomBot: row.withCustomBot,
  };
}

/** The subscription's id is what the caller needs to find it again; the row is not for the wire. */
export const transferView = (row: Row) => ({ subscription_id: row.id, guild_id: row.guildId, plan: row.plan, current_period_end: row.currentPeriodEnd.toISOString() });
