import "server-only";
import { z } from "zod";
import { recordFailure } from "@/lib/deliveries/run-status";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { addMemberRole, removeMemberRole } from "@/lib/platform/guild-edits";
import { snowflake } from "@/lib/platform/snowflake";
import { birthdays } from "./definition";

// The birthday role: given with the announcement, taken back when the member's day ends (a
// job due then, kept by the queue across restarts). Giving and taking are idempotent on the
// platform, so a retried job changes nothing twice. A role the bot cannot give or take (it
// lacks Manage Roles, the role sits above its own, or was deleted) is said in the delivery
// log without stopping the announcements.

export const ROLE_JOB = "birthdays.role";

const reason = (give: boolean) => (give ? "Birthday" : "Birthday over");

export const birthdayRoleJob = defineJob({
  name: ROLE_JOB,
  data: z.object({ guildId: snowflake, userId: snowflake, roleId: snowflake, give: z.boolean() }),
  queue: { retryLimit: 5, retryDelay: 30, retryBackoff: true, retryDelayMax: 900, expireInSeconds: 60 },
  run: async ({ guildId, userId, roleId, give }, { db, now }) => {
    try {
      await (give ? addMemberRole : removeMemberRole)(guildId, userId, roleId, reason(give));
    } catch (error) {
      if (!(error instanceof PlatformError)) throw error;
      // The member left: nothing to give or take.
      if (error.code === PlatformErrorCode.UNKNOWN_MEMBER) return;
      const refused = error.code === PlatformErrorCode.UNKNOWN_ROLE || error.code === PlatformErrorCode.MISSING_PERMISSIONS || error.code === PlatformErrorCode.MISSING_ACCESS;
      if (!refused) throw error;
      await recordFailure(db, { guildId, pluginId: birthdays.id, itemId: "" }, { code: "role_not_assignable", pause: false }, now(), { role: roleId });
    }
  },
});

/** The role given now, and taken back at `dayEnds`. */
export async function sendBirthdayRole(queue: JobContext["queue"], member: { guildId: string; userId: string; roleId: string }, dayEnds: Date): Promise<void> {
  await queue.insert(ROLE_JOB, [
    { data: { ...member, give: true } },
    { data: { ...member, give: false }, startAfter: dayEnds },
  ]);
}
