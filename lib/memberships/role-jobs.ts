import "server-only";
import { eq } from "drizzle-orm";
import type { PgBoss } from "pg-boss";
import { z } from "zod";
import { memberships as membershipRows } from "@/lib/db/schema";
import { recordFailure } from "@/lib/deliveries/run-status";
import { defineJob } from "@/lib/jobs/job";
import { memberships } from "@/lib/plugins/memberships/definition";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { addMemberRole, removeMemberRole } from "@/lib/platform/guild-edits";
import { snowflake } from "@/lib/platform/snowflake";
import { inputUuid } from "@/lib/validation/text";

// The roles memberships grant, given and taken through the job engine: retried with backoff
// while the platform fails, and idempotent (giving a role the member has, or taking one they
// lack, changes nothing), so a job run twice or sent twice is harmless. The end of a membership
// is a job due at its end plus the grace period; it reads the membership again when it runs, so
// one a renewal has since extended does nothing.

export const ROLE_JOB = "memberships.role";
export const EXPIRE_JOB = "memberships.expire";

const DAY_MS = 86_400_000;

export const membershipRoleJob = defineJob({
  name: ROLE_JOB,
  data: z.object({ guildId: snowflake, userId: snowflake, roleId: snowflake, give: z.boolean() }),
  queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 60 },
  run: async ({ guildId, userId, roleId, give }, { db, now }) => {
    try {
      await (give ? addMemberRole : removeMemberRole)(guildId, userId, roleId, give ? "Membership" : "Membership ended");
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // The member left the server: nothing to give or take.
      if (error.code === PlatformErrorCode.UNKNOWN_MEMBER) return;
      const refused = error.code === PlatformErrorCode.UNKNOWN_ROLE || error.code === PlatformErrorCode.MISSING_PERMISSIONS || error.code === PlatformErrorCode.MISSING_ACCESS;
      if (!refused) throw error;
      // Said in the plugin's delivery log; retrying would be refused the same way.
      await recordFailure(db, { guildId, pluginId: memberships.id, itemId: "" }, { code: "role_not_assignable", pause: false }, now(), { role: roleId });
    }
  },
});

export const membershipExpireJob = defineJob({
  name: EXPIRE_JOB,
  data: z.object({ membershipId: inputUuid() }),
  queue: { retryLimit: 8, retryDelay: 30, retryBackoff: true, retryDelayMax: 1800, expireInSeconds: 60 },
  run: async ({ membershipId }, { db, queue, now }) => {
    const [row] = await db.select().from(membershipRows).where(eq(membershipRows.id, membershipId));
    if (!row || row.status === "ended") return;
    const config = (await readPluginState(db, row.guildId, memberships)).config;
    const graceMs = Number(config.grace_period_days) * DAY_MS;
    const end = row.endedAt ?? row.currentPeriodEnd;
    // Renewed (or reactivated) since this job was sent: a later job ends it, if ever.
    if (end.getTime() + graceMs > now().getTime()) return;
    if (config.remove_roles_on_expiry === true) await sendRoleChange(queue, { guildId: row.guildId, userId: row.userId, roleId: row.roleId }, false);
    await db.update(membershipRows).set({ status: "ended", endedAt: end }).where(eq(membershipRows.id, membershipId));
  },
});

export async function sendRoleChange(queue: PgBoss, member: { guildId: string; userId: string; roleId: string }, give: boolean): Promise<void> {
  await queue.send(ROLE_JOB, { ...member, give });
}

/** The check that ends the membership once `end` and the guild's grace period have passed. */
export async function sendExpiry(queue: PgBoss, membershipId: string, end: Date, graceDays: number): Promise<void> {
  await queue.send(EXPIRE_JOB, { membershipId }, { startAfter: new Date(end.getTime() + graceDays * DAY_MS) });
}
