import "server-only";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { membershipInvoices, membershipPlans, memberships as membershipRows } from "@/lib/db/schema";
import { memberNames } from "@/lib/guilds/member-names";

// What the owner sees on the plugin page: who holds a membership (plan, since, renews or ends,
// status) and the revenue, the paid invoices summed per currency this month (UTC) and all time.

export type MemberView = { id: string; user_id: string; name: string | null; plan: string | null; since: string; period_end: string; status: string };
export type Revenue = { currency: string; month_cents: number; total_cents: number };

export async function listMembers(db: Db, guildId: string): Promise<MemberView[]> {
  const rows = await db
    .select({ row: membershipRows, plan: membershipPlans.name })
    .from(membershipRows)
    .leftJoin(membershipPlans, eq(membershipPlans.id, membershipRows.planId))
    .where(eq(membershipRows.guildId, guildId))
    .orderBy(desc(membershipRows.createdAt))
    .limit(200);
  const names = await memberNames(db, guildId, rows.map(({ row }) => row.userId));
  return rows.map(({ row, plan }) => ({
    id: row.id,
    user_id: row.userId,
    name: names.get(row.userId)?.name ?? null,
    plan,
    since: row.createdAt.toISOString(),
    period_end: (row.endedAt ?? row.currentPeriodEnd).toISOString(),
    status: row.status,
  }));
}

export async function revenue(db: Db, guildId: string, now = new Date()): Promise<Revenue[]> {
  const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const [total, month] = await Promise.all([
    db.select({ currency: membershipInvoices.currency, cents: sql<number>`sum(${membershipInvoices.amountCents})::int` }).from(membershipInvoices).where(eq(membershipInvoices.guildId, guildId)).groupBy(membershipInvoices.currency),
    db
      .select({ currency: membershipInvoices.currency, cents: sql<number>`sum(${membershipInvoices.amountCents})::int` })
      .from(membershipInvoices)
      .where(and(eq(membershipInvoices.guildId, guildId), gte(membershipInvoices.paidAt, monthStart)))
      .groupBy(membershipInvoices.currency),
  ]);
  return total.map(({ currency, cents }) => ({ currency, total_cents: cents, month_cents: month.find((entry) => entry.currency === currency)?.cents ?? 0 }));
}
