import "server-only";
import type { APIGuildMember } from "discord-api-types/v10";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import type { GuildAccess } from "@/lib/guilds/access";
import { ApiError } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import { getGuildMember, getGuildRoles, memberChanged } from "@/lib/platform/bot-api";
import { PlatformError } from "@/lib/platform/errors";
import { MAX_TIMEOUT_MS, banUser, getBan, kickMember, setMemberTimeout, unbanUser } from "@/lib/platform/moderation-api";
import { guildDefaultTexts } from "@/lib/plugins/default-texts";
import { moderator } from "@/lib/plugins/moderator/definition";
import { readPluginState } from "@/lib/plugins/plugin-states";
import type { IssueCode } from "@/lib/validation/issues";
import { fieldIssue, issueTextFor } from "@/lib/validation/server-messages";
import { refusal, type Act, type ActContext } from "./can-act";
import { caseByKey, caseCounts, caseView, recordCase, type CaseRow, type CaseView } from "./cases";
import { sendInfractionNotice } from "./notice";

// A moderation act from the dashboard: checked (can-act.ts), made on the platform with the bot
// token, then recorded as a case with its audit row. The platform acts first: a case is the
// record of what happened, never of what was only meant. The same idempotency key sent again
// answers the case already made without acting twice. A warning may escalate (the plugin's
// mute_after_warnings, ban_after_warnings): the bot then acts too, as a case of its own that
// names the warning.

export type ActInput = {
  act: Act;
  userId: string;
  reason: string;
  /** Timeouts: how long. */
  durationMinutes?: number;
  /** Bans: how much of the member's message history to delete. */
  deleteMessageSeconds?: number;
  idempotencyKey?: string;
};

export type ActResult = { case: CaseView; escalation: { case: CaseView } | { refused: IssueCode } | null; notice: "sent" | "failed" | "off" | null };

const refused = (code: IssueCode, locale: Locale) => new ApiError(403, code, issueTextFor(locale)(code), [fieldIssue("user_id", code)]);

const nameOf = (member: APIGuildMember | null): string | null => (member?.user ? member.user.global_name || member.user.username : null);

/** Who is who in the guild, read fresh for the target (a cached member could hide a role given a minute ago). */
async function context(access: GuildAccess, targetId: string): Promise<{ check: ActContext; target: APIGuildMember | null }> {
  await memberChanged(access.guildId, targetId);
  const botId = getEnv().DISCORD_CLIENT_ID;
  const [roles, bot, moderatorMember, target] = await Promise.all([
    getGuildRoles(access.guildId),
    getGuildMember(access.guildId, botId),
    getGuildMember(access.guildId, access.userId),
    getGuildMember(access.guildId, targetId),
  ]);
  const roleIds = (member: APIGuildMember | null, userId: string) => (member ? { userId, roleIds: member.roles } : null);
  return {
    check: {
      guildId: access.guildId,
      ownerId: access.guild.owner_id,
      roles,
      bot: roleIds(bot, botId),
      moderator: roleIds(moderatorMember, access.userId),
      target: roleIds(target, targetId),
      targetId,
    },
    target,
  };
}

/** Makes `input.act` on the platform; false when there was nothing to undo (no ban to lift). */
async function onPlatform(guildId: string, input: ActInput, reason: string): Promise<boolean> {
  switch (input.act) {
    case "warn":
      return true;
    case "timeout":
      await setMemberTimeout(guildId, input.userId, new Date(Date.now() + timeoutMs(input)), reason);
      return true;
    case "timeout_removed":
      await setMemberTimeout(guildId, input.userId, null, reason);
      return true;
    case "kick":
      await kickMember(guildId, input.userId, reason);
      return true;
    case "ban":
      await banUser(guildId, input.userId, { deleteMessageSeconds: input.deleteMessageSeconds ?? 0, reason });
      return true;
    case "softban":
      // A ban that deletes the member's recent messages, lifted at once: they may join again.
      await banUser(guildId, input.userId, { deleteMessageSeconds: input.deleteMessageSeconds ?? 24 * 3600, reason });
      await unbanUser(guildId, input.userId, reason);
      return true;
    case "unban":
      return unbanUser(guildId, input.userId, reason);
  }
}

const timeoutMs = (input: ActInput) => Math.min((input.durationMinutes ?? 60) * 60_000, MAX_TIMEOUT_MS);

/** The platform's audit log entry says who asked, through the bot. */
const platformReason = (access: GuildAccess, reason: string) => `${reason || "—"} (by ${access.userId} via Guildhall)`;

export async function makeAct(db: Db, access: GuildAccess, input: ActInput, locale: Locale): Promise<ActResult> {
  if (input.idempotencyKey) {
    const done = await caseByKey(db, access.guildId, input.idempotencyKey);
    if (done) return { case: caseView(done), escalation: null, notice: null };
  }
  const { check, target } = await context(access, input.userId);
  const why = refusal(input.act, check);
  if (why) throw refused(why.code, locale);
  // Someone banned is no member: the ban names them.
  const ban = input.act === "unban" ? await getBan(access.guildId, input.userId) : undefined;
  if (ban === null) throw refused("mod_not_banned", locale);

  try {
    await onPlatform(access.guildId, input, platformReason(access, input.reason));
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "forbidden") throw refused("mod_platform_refused", locale);
    throw error;
  } finally {
    await memberChanged(access.guildId, input.userId);
  }

  const settings = await readPluginState(db, access.guildId, moderator);
  const notice = input.act === "warn" || input.act === "timeout" || input.act === "kick" || input.act === "ban" ? await noticeFor(access, input, settings.config.dm_on_infraction === true) : null;
  const durationSeconds = input.act === "timeout" ? Math.round(timeoutMs(input) / 1000) : null;
  const made = await db.transaction((tx) =>
    recordCase(
      tx,
      {
        guildId: access.guildId,
        type: input.act,
        targetId: input.userId,
        targetName: nameOf(target) ?? (ban ? ban.user.global_name || ban.user.username : null),
        moderator: { kind: "dashboard", id: access.userId },
        reason: input.reason,
        durationSeconds,
        expiresAt: durationSeconds ? new Date(Date.now() + durationSeconds * 1000) : null,
        source: "dashboard",
        idempotencyKey: input.idempotencyKey ?? null,
      },
      access.userId,
    ),
  );
  const escalation = input.act === "warn" && made.created ? await escalate(db, access, made.case, settings.config, check) : null;
  return { case: caseView(made.case), escalation, notice };
}

async function noticeFor(access: GuildAccess, input: ActInput, on: boolean): Promise<ActResult["notice"]> {
  if (!on) return "off";
  return (await sendInfractionNotice(access, input)) ? "sent" : "failed";
}

/**
 * The warning thresholds: the warning that brings a member's active warnings to
 * ban_after_warnings bans them; to mute_after_warnings, times them out for default_mute_minutes.
 * Only the warning that reaches a threshold acts, so later ones do not act again.
 */
async function escalate(db: Db, access: GuildAccess, warning: CaseRow, config: Record<string, unknown>, check: ActContext): Promise<ActResult["escalation"]> {
  const warnings = (await caseCounts(db, access.guildId, warning.targetId)).warn ?? 0;
  const banAt = Number(config.ban_after_warnings) || 0;
  const muteAt = Number(config.mute_after_warnings) || 0;
  const act: Act | null = banAt > 0 && warnings === banAt ? "ban" : muteAt > 0 && warnings === muteAt ? "timeout" : null;
  if (!act) return null;
  // The bot acts on its own here: the moderator's rank does not limit it, the bot's does.
  const why = refusal(act, { ...check, moderator: null });
  if (why) return { refused: why.code };
  const minutes = Number(config.default_mute_minutes) || 60;
  // The case's reason speaks the guild's language, like everything the bot writes.
  const texts = await guildDefaultTexts(access.guildId, access.guild.preferred_locale);
  const reason = (texts[act === "ban" ? "moderator.escalation_ban" : "moderator.escalation_timeout"] ?? "").replaceAll("{count}", String(warnings));
  try {
    await onPlatform(access.guildId, { act, userId: warning.targetId, reason, durationMinutes: minutes }, reason);
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "forbidden") return { refused: "mod_platform_refused" };
    throw error;
  } finally {
    await memberChanged(access.guildId, warning.targetId);
  }
  const durationSeconds = act === "timeout" ? minutes * 60 : null;
  const made = await db.transaction((tx) =>
    recordCase(
      tx,
      {
        guildId: access.guildId,
        type: act,
        targetId: warning.targetId,
        targetName: warning.targetName,
        moderator: { kind: "bot", id: getEnv().DISCORD_CLIENT_ID },
        reason,
        durationSeconds,
        expiresAt: durationSeconds ? new Date(Date.now() + durationSeconds * 1000) : null,
        relatedCaseNumber: warning.number,
        source: "bot",
        idempotencyKey: `escalation:${warning.id}`,
      },
      access.userId,
    ),
  );
  return { case: caseView(made.case) };
}
