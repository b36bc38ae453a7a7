import "server-only";
import { and, count, eq, sql } from "drizzle-orm";
import { recordChanges } from "@/lib/bot-contract/record-change";
import type { Tx } from "@/lib/db/client";
import { botEvents, economyBalances, pluginItems } from "@/lib/db/schema";
import { itemResponse } from "../items";
import { readPluginState } from "../plugin-states";
import { economy } from "./definition";

// A member buying a ware of the shop, as the bot reports it (ware_bought). Runs in the event's
// transaction, after its bot_events row is inserted: the ware's row is locked first, then the
// member's balance, always in that order, so concurrent buys of one ware wait for each other and
// never deadlock. Under the ware's lock the stock read is the last buyer's, and the member's earlier
// purchases (their applied ware_bought rows, committed before the lock was granted) are counted
// with this one: no oversold stock, no limit passed, no balance below zero.

export type PurchaseRefusal = "plugin_disabled" | "unknown_ware" | "out_of_stock" | "member_limit_reached" | "insufficient_coins";

export class PurchaseRefused extends Error {
  constructor(readonly code: PurchaseRefusal) {
    super(code);
  }
}

export const PURCHASE_REFUSALS: Record<PurchaseRefusal, string> = {
  plugin_disabled: "Economy is turned off in this guild: its shop sells nothing.",
  unknown_ware: "This guild's shop has no such ware.",
  out_of_stock: "This ware is sold out.",
  member_limit_reached: "The member has bought this ware as many times as its limit allows.",
  insufficient_coins: "The member does not have enough coins for this ware.",
};

export type Purchase = { ware_id: string; price: number; coins: number; stock: number | null; role_id: string | null };

const wareSchema = economy.collections.wares.itemSchema;

export async function buyWare(tx: Tx, guildId: string, purchase: { wareId: string; userId: string }): Promise<Purchase> {
  const state = await readPluginState(tx, guildId, economy);
  if (!state.enabled) throw new PurchaseRefused("plugin_disabled");
  const where = and(eq(pluginItems.guildId, guildId), eq(pluginItems.pluginId, economy.id), eq(pluginItems.collection, "wares"), eq(pluginItems.id, purchase.wareId));
  const [row] = await tx.select().from(pluginItems).where(where).for("update");
  const parsed = row ? wareSchema.safeParse(row.data) : null;
  if (!row || !parsed?.success) throw new PurchaseRefused("unknown_ware");
  const ware = parsed.data;
  if (ware.stock !== null && ware.stock <= 0) throw new PurchaseRefused("out_of_stock");
  if (ware.per_member_limit !== null) {
    // This event's own row is in the count: it was inserted before the purchase applies.
    const [bought] = await tx
      .select({ value: count() })
      .from(botEvents)
      .where(and(eq(botEvents.guildId, guildId), eq(botEvents.type, "ware_bought"), sql`${botEvents.payload}->>'ware_id' = ${purchase.wareId}`, sql`${botEvents.payload}->>'user_id' = ${purchase.userId}`));
    if ((bought?.value ?? 0) > ware.per_member_limit) throw new PurchaseRefused("member_limit_reached");
  }
  const balance = and(eq(economyBalances.guildId, guildId), eq(economyBalances.userId, purchase.userId));
  // A member never seen before holds the starting balance.
  await tx
    .insert(economyBalances)
    .values({ guildId, userId: purchase.userId, coins: Number(state.config.starting_balance ?? 0) })
    .onConflictDoNothing();
  const [held] = await tx.select({ coins: economyBalances.coins }).from(economyBalances).where(balance).for("update");
  const coins = held?.coins ?? 0;
  if (coins < ware.price) throw new PurchaseRefused("insufficient_coins");
  await tx.update(economyBalances).set({ coins: coins - ware.price, updatedAt: sql`now()` }).where(balance);
  const stock = ware.stock === null ? null : ware.stock - 1;
  if (stock !== null) {
    // The stock is the ware's own field (no user wrote it: updated_by stays empty): the dashboard and the bot's copy (the change feed) show what is left.
    const [updated] = await tx
      .update(pluginItems)
      .set({ data: { ...row.data, stock }, version: sql`${pluginItems.version} + 1`, updatedAt: new Date(), updatedBy: null })
      .where(where)
      .returning();
    await recordChanges(tx, guildId, [
      { kind: "item_updated", pluginId: economy.id, collection: "wares", itemId: purchase.wareId, value: itemResponse(updated!) },
    ]);
  }
  return { ware_id: purchase.wareId, price: ware.price, coins: coins - ware.price, stock, role_id: ware.role_id };
}
