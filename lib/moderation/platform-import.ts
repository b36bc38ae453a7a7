import "server-only";
import { and, eq } from "drizzle-orm";
import { AuditLogEvent, type APIAuditLogEntry } from "discord-api-types/v10";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { guildPlugins, sourcePolls } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { isBotInGuild } from "@/lib/guilds/bot-presence";
import { eachInTurn } from "@/lib/jobs/each-in-turn";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { PlatformError } from "@/lib/platform/errors";
import { getAuditLog } from "@/lib/platform/moderation-api";
import { snowflakeToTimestamp } from "@/lib/platform/snowflake";
import { moderator } from "@/lib/plugins/moderator/definition";
import type { CaseType } from "./case-types";
import { recordCase } from "./cases";

// Acts made in the platform's own client (a moderator banning from the member list) become
// cases too: every five minutes, the audit log of each guild with the moderator plugin on is
// read from where the last read stopped (kept in source_polls, provider "platform-audit"),
// and each ban, unban, kick and timeout by someone other than our bot is recorded once (its
// entry id is the case's idempotency key). The bot's own acts are cases already. A guild
// whose bot cannot read its audit log (no View Audit Log) is skipped until it can.

const PROVIDER = "platform-audit";
const PER_READ = 100;
/** The first read of a guild looks back this far, not to the beginning of its log. */
const FIRST_LOOK_BACK_MS = 24 * 3600_000;

const TYPES: Partial<Record<AuditLogEvent, CaseType>> = {
  [AuditLogEvent.MemberBanAdd]: "ban",
  [AuditLogEvent.MemberBanRemove]: "unban",
  [AuditLogEvent.MemberKick]: "kick",
};

/** What an entry was as a case type, or null for an entry that is no moderation act (a nickname change). */
export function caseTypeOf(entry: Pick<APIAuditLogEntry, "action_type" | "changes">): CaseType | null {
  const direct = TYPES[entry.action_type];
  if (direct) return direct;
  if (entry.action_type !== AuditLogEvent.MemberUpdate) return null;
  const change = entry.changes?.find((item) => item.key === "communication_disabled_until");
  if (!change) return null;
  return change.new_value ? "timeout" : "timeout_removed";
}

async function importGuild(db: Db, guildId: string, now: Date): Promise<void> {
  const [poll] = await db.select().from(sourcePolls).where(and(eq(sourcePolls.provider, PROVIDER), eq(sourcePolls.sourceId, guildId)));
  const after = typeof poll?.state?.after === "string" ? poll.state.after : null;
  let log;
  try {
    log = await getAuditLog(guildId, { limit: PER_READ, ...(after ? { after } : {}) });
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "forbidden") return;
    throw error;
  }
  const botId = getEnv().DISCORD_CLIENT_ID;
  const names = new Map(log.users.map((user) => [user.id, user.global_name || user.username]));
  const since = now.getTime() - FIRST_LOOK_BACK_MS;
  const entries = [...log.audit_log_entries].sort((a, b) => (BigInt(a.id) < BigInt(b.id) ? -1 : 1));
  for (const entry of entries) {
    const type = caseTypeOf(entry);
    const at = snowflakeToTimestamp(entry.id);
    if (!type || !entry.target_id || entry.user_id === botId || (!after && at < since)) continue;
    const until = entry.changes?.find((item) => item.key === "communication_disabled_until")?.new_value;
    const expiresAt = type === "timeout" && typeof until === "string" ? new Date(until) : null;
    await db.transaction((tx) =>
      recordCase(
        tx,
        {
          guildId,
          type,
          targetId: entry.target_id!,
          targetName: names.get(entry.target_id!) ?? null,
          moderator: { kind: "platform", id: entry.user_id ?? null, name: entry.user_id ? (names.get(entry.user_id) ?? null) : null },
          reason: entry.reason ?? "",
          durationSeconds: expiresAt ? Math.max(0, Math.round((expiresAt.getTime() - at) / 1000)) : null,
          expiresAt,
          source: "platform",
          idempotencyKey: `audit:${entry.id}`,
          at: new Date(at),
        },
        entry.user_id ?? botId,
      ),
    );
  }
  const newest = entries.at(-1)?.id ?? after;
  if (newest && newest !== after) {
    await db
      .insert(sourcePolls)
      .values({ provider: PROVIDER, sourceId: guildId, state: { after: newest }, checkedAt: now })
      .onConflictDoUpdate({ target: [sourcePolls.provider, sourcePolls.sourceId], set: { state: { after: newest }, checkedAt: now } });
  }
}

export async function importPlatformCases(context: JobContext): Promise<void> {
  const guilds = await context.db
    .select({ guildId: guildPlugins.guildId })
    .from(guildPlugins)
    .where(and(eq(guildPlugins.pluginId, moderator.id), eq(guildPlugins.enabled, true)));
  await eachInTurn(guilds, async ({ guildId }) => {
    if (await isBotInGuild(guildId)) await importGuild(context.db, guildId, context.now());
  });
}

export const importPlatformCasesJob = defineJob({
  name: "moderation.import",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 1, expireInSeconds: 300 },
  schedules: [{ key: "every-five-minutes", cron: "*/5 * * * *", data: {} }],
  run: (_data, context) => importPlatformCases(context),
});
