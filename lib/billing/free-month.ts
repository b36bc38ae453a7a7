import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { subscriptions } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import { billingRefusal } from "./refusal";

// The free month (spec 4: "extend by a free month") is a retention offer: once per
// subscription, whoever asks and whichever provider sold it. The claim is one conditional
// UPDATE of the subscription's row, so of two presses at once exactly one wins (the other's
// UPDATE finds the column set); a provider that then fails gives the claim back.

type Row = typeof subscriptions.$inferSelect;

export function freeMonthAvailable(row: Pick<Row, "freeMonthGrantedAt">): boolean {
  return row.freeMonthGrantedAt === null;
}

export function freeMonthUsed(locale: Locale) {
  return billingRefusal(409, "action", "free_month_used", locale);
}

/** Records the free month as taken, or refuses (409 `free_month_used`) when it already was. */
export async function claimFreeMonth(db: Db, subscriptionId: string, at: Date, locale: Locale): Promise<void> {
  const claimed = await db
    .update(subscriptions)
    .set({ freeMonthGrantedAt: at })
    .where(and(eq(subscriptions.id, subscriptionId), isNull(subscriptions.freeMonthGrantedAt)))
    .returning({ id: subscriptions.id });
  if (claimed.length === 0) throw freeMonthUsed(locale);
}

/** Gives back a claim the provider did not honour (it failed), so the owner may try again. */
export async function releaseFreeMonth(db: Db, subscriptionId: string, at: Date): Promise<void> {
  await db.update(subscriptions).set({ freeMonthGrantedAt: null }).where(and(eq(subscriptions.id, subscriptionId), eq(subscriptions.freeMonthGrantedAt, at)));
}
