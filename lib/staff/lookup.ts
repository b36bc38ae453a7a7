import "server-only";
import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { guildPlugins, subscriptions, users } from "@/lib/db/schema";
import { creditBalance } from "@/lib/credits/ledger";
import { toUserEntity, type UserEntity } from "@/lib/users/user-entity";
import { StaffError } from "./errors";

// What staff see of a guild or a user, read-only: subscriptions, the guild's plugins and
// credits, and its recent jobs from the job engine's own table (pg-boss, schema `pgboss`).

export type StaffSubscription = { id: string; provider: string; guild_id: string; user_id: string; plan: string; status: string; current_period_end: string; cancel_at_period_end: boolean };
export type StaffJob = { id: string; name: string; state: string; created_on: string; completed_on: string | null; error: string | null };
export type StaffGuild = { guild_id: string; subscriptions: StaffSubscription[]; plugins: Array<{ plugin_id: string; enabled: boolean; updated_at: string }>; credits: number; jobs: StaffJob[] };
export type StaffUser = { user: UserEntity; subscriptions: StaffSubscription[] };

const JOBS_SHOWN = 20;

type JobRow = { id: string; name: string; state: string; created_on: Date | string; completed_on: Date | string | null; output: { message?: unknown } | null };

function subscriptionView(row: typeof subscriptions.$inferSelect): StaffSubscription {
  return { id: row.id, provider: row.provider, guild_id: row.guildId, user_id: row.userId, plan: row.plan, status: row.status, current_period_end: row.currentPeriodEnd.toISOString(), cancel_at_period_end: row.cancelAtPeriodEnd };
}

/** The guild's last jobs, newest first; none while the job engine has not made its tables yet. */
async function recentJobs(db: Db, guildId: string): Promise<StaffJob[]> {
  try {
    const result = (await db.execute(
      sql`select id::text as id, name, state::text as state, created_on, completed_on, output from pgboss.job where data->>'guildId' = ${guildId} order by created_on desc limit ${JOBS_SHOWN}`,
    )) as unknown as { rows: JobRow[] };
    return result.rows.map((row) => ({
      id: row.id,
      name: row.name,
      state: row.state,
      created_on: new Date(row.created_on).toISOString(),
      completed_on: row.completed_on ? new Date(row.completed_on).toISOString() : null,
      error: row.state === "failed" && typeof row.output?.message === "string" ? row.output.message : null,
    }));
  } catch (error) {
    // 42P01/3F000: pg-boss has not created its tables in this database (no queue opened yet). Drizzle wraps the driver's error.
    const code = (error as { code?: string; cause?: { code?: string } }).cause?.code ?? (error as { code?: string }).code;
    if (code === "42P01" || code === "3F000") return [];
    throw error;
  }
}

/** A guild as staff see it; 404 when Guildhall knows nothing of it. */
export async function lookUpGuild(db: Db, guildId: string): Promise<StaffGuild> {
  const [subs, plugins, credits, jobs] = await Promise.all([
    db.select().from(subscriptions).where(eq(subscriptions.guildId, guildId)).orderBy(desc(subscriptions.createdAt)),
    db.select().from(guildPlugins).where(eq(guildPlugins.guildId, guildId)).orderBy(guildPlugins.pluginId),
    creditBalance(db, guildId),
    recentJobs(db, guildId),
  ]);
  if (subs.length === 0 && plugins.length === 0 && credits === 0 && jobs.length === 0) throw new StaffError("not_found");
  return {
    guild_id: guildId,
    subscriptions: subs.map(subscriptionView),
    plugins: plugins.map((row) => ({ plugin_id: row.pluginId, enabled: row.enabled, updated_at: row.updatedAt.toISOString() })),
    credits,
    jobs,
  };
}

/** A user who signed in at least once, with the subscriptions they bought; 404 otherwise. */
export async function lookUpUser(db: Db, userId: string): Promise<StaffUser> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw new StaffError("not_found");
  const subs = await db.select().from(subscriptions).where(eq(subscriptions.userId, userId)).orderBy(desc(subscriptions.createdAt));
  return { user: toUserEntity(row), subscriptions: subs.map(subscriptionView) };
}
