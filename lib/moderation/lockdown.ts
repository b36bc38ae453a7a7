import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { OverwriteType, PermissionFlagsBits, type APIOverwrite } from "discord-api-types/v10";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/client";
import { guildSettings, lockdownChannels } from "@/lib/db/schema";
import type { GuildAccess } from "@/lib/guilds/access";
import { getEnv } from "@/lib/env";
import { getGuildChannels, getGuildMember, getGuildRoles, refreshGuildCache } from "@/lib/platform/bot-api";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { deleteMessage, postMessage } from "@/lib/platform/messages-api";
import { deleteChannelOverwrite, setChannelOverwrite } from "@/lib/platform/moderation-api";
import { computeMemberPermissions } from "@/lib/platform/permissions";
import { NO_MENTIONS, renderForGuild } from "@/lib/plugins/posting";
import { LOCKDOWN_AUDIT_TARGET } from "./audit-target";

// A lockdown that locks: each configured channel's @everyone overwrite is saved, then set to
// deny sending (messages, threads, reactions; connecting in voice and stage channels), the
// lockdown message posted just before (taken back if the lock is refused). Voice and stage
// channels have a text chat on the platform (text in voice: Send Messages and Add Reactions
// apply there), so they get the message too; a channel whose platform refuses it is locked
// all the same, its answer saying the message was not posted. Unlocking puts back exactly the
// saved overwrite (none if there was none). Every channel stands alone: one the platform
// refuses is reported and tried again by the next call, the others go on. Locking what is
// locked, or unlocking what is not, changes nothing.

/** What a locked text channel denies @everyone. */
const TEXT_DENY = PermissionFlagsBits.SendMessages | PermissionFlagsBits.SendMessagesInThreads | PermissionFlagsBits.CreatePublicThreads | PermissionFlagsBits.CreatePrivateThreads | PermissionFlagsBits.AddReactions;
/** What a locked voice or stage channel denies @everyone: joining it, and writing in its chat (Speak needs no denial once nobody can join). */
const VOICE_DENY = PermissionFlagsBits.Connect | PermissionFlagsBits.SendMessages | PermissionFlagsBits.AddReactions;
const VOICE_TYPES = new Set([2, 13]);

export type ChannelOutcome = { channel_id: string; status: "locked" | "unlocked" | "failed"; error?: LockdownError; message_posted?: boolean };
/** `missing_connect`: the bot does not hold Connect itself, so it cannot deny it: a voice channel it would "lock" stays open to joining. */
export type LockdownError = "missing_permissions" | "missing_connect" | "unknown_channel" | "unavailable";
export type LockdownResult = { locked: boolean; channels: ChannelOutcome[] };

type Row = typeof lockdownChannels.$inferSelect;

function errorOf(error: unknown): LockdownError {
  if (!(error instanceof PlatformError)) throw error;
  if (error.code === PlatformErrorCode.UNKNOWN_CHANNEL) return "unknown_channel";
  if (error.kind === "forbidden") return "missing_permissions";
  return "unavailable";
}

const everyoneOverwrite = (channel: { permission_overwrites?: APIOverwrite[] }, guildId: string) =>
  channel.permission_overwrites?.find((overwrite) => overwrite.id === guildId && overwrite.type === OverwriteType.Role);

/** The channels the moderator plugin's config chooses for a lockdown, in its order. */
export function lockdownChannelIds(config: Record<string, unknown>): string[] {
  return Array.isArray(config.lockdown_channel_ids) ? config.lockdown_channel_ids.filter((id): id is string => typeof id === "string") : [];
}

/** The lockdown's channels in the plugin's chosen order (the table has none), those no longer chosen after, by id. */
async function rowsOf(db: Db, guildId: string, order: readonly string[] = []): Promise<Row[]> {
  const rows = await db.select().from(lockdownChannels).where(eq(lockdownChannels.guildId, guildId)).orderBy(lockdownChannels.channelId);
  const rank = (row: Row) => {
    const index = order.indexOf(row.channelId);
    return index === -1 ? order.length : index;
  };
  return rows.sort((a, b) => rank(a) - rank(b));
}

async function setLockedFlag(db: Db, guildId: string): Promise<boolean> {
  const [{ locked } = { locked: false }] = await db
    .select({ locked: sql<boolean>`count(*) > 0` })
    .from(lockdownChannels)
    .where(and(eq(lockdownChannels.guildId, guildId), sql`${lockdownChannels.status} <> 'lock_failed'`));
  await db.insert(guildSettings).values({ guildId, guildLockedDown: locked }).onConflictDoUpdate({ target: guildSettings.guildId, set: { guildLockedDown: locked } });
  return locked;
}

/** Locks the plugin's lockdown channels not locked yet (and retries those that failed); posts the message in each channel locked now. */
export async function lock(db: Db, access: GuildAccess, channelIds: readonly string[], message: string): Promise<LockdownResult> {
  const { guildId } = access;
  await refreshGuildCache(guildId);
  const botId = getEnv().DISCORD_CLIENT_ID;
  const [channels, existing, roles, bot] = await Promise.all([getGuildChannels(guildId), rowsOf(db, guildId), getGuildRoles(guildId), getGuildMember(guildId, botId)]);
  // The platform lets a bot deny only what it holds itself: a bit it lacks (public threads, with the invite's permissions) stays as it was.
  const held = bot ? computeMemberPermissions({ guildId, ownerId: access.guild.owner_id, roles, member: { userId: botId, roleIds: bot.roles } }) : 0n;
  const byId = new Map(channels.map((channel) => [channel.id, channel]));
  const stored = new Map(existing.map((row) => [row.channelId, row]));
  const outcomes: ChannelOutcome[] = [];
  const fail = async (channelId: string, code: LockdownError) => {
    await db.update(lockdownChannels).set({ status: "lock_failed", errorCode: code, updatedAt: new Date() }).where(and(eq(lockdownChannels.guildId, guildId), eq(lockdownChannels.channelId, channelId)));
    outcomes.push({ channel_id: channelId, status: "failed", error: code });
  };
  for (const channelId of channelIds) {
    const row = stored.get(channelId);
    if (row?.status === "locked") continue;
    const channel = byId.get(channelId);
    if (!channel) {
      outcomes.push({ channel_id: channelId, status: "failed", error: "unknown_channel" });
      continue;
    }
    // Saved before the lock is sent (a row already there keeps what it saved first): a lock cut short is still undone exactly.
    const before = everyoneOverwrite(channel, guildId);
    const saved = row ?? { hadOverwrite: before !== undefined, savedAllow: before?.allow ?? "0", savedDeny: before?.deny ?? "0" };
    if (!row) await db.insert(lockdownChannels).values({ guildId, channelId, ...saved, status: "lock_failed" }).onConflictDoNothing();
    const voice = VOICE_TYPES.has(channel.type);
    const deny = (voice ? VOICE_DENY : TEXT_DENY) & held;
    if (voice && (deny & PermissionFlagsBits.Connect) === 0n) {
      await fail(channelId, "missing_connect");
      continue;
    }
    // The message goes first: once @everyone may not send there, neither may the bot (unless a role of its own allows it).
    const posted = message.trim() !== "" ? await announce(access, channelId, message) : null;
    try {
      await setChannelOverwrite(channelId, guildId, { type: OverwriteType.Role, allow: BigInt(saved.savedAllow) & ~deny, deny: BigInt(saved.savedDeny) | deny }, "Lockdown (Guildhall)");
    } catch (error) {
      const code = errorOf(error);
      if (posted) await deleteMessage(channelId, posted).catch(() => false);
      await fail(channelId, code);
      continue;
    }
    await db.update(lockdownChannels).set({ status: "locked", errorCode: null, updatedAt: new Date() }).where(and(eq(lockdownChannels.guildId, guildId), eq(lockdownChannels.channelId, channelId)));
    outcomes.push({ channel_id: channelId, status: "locked", message_posted: posted !== null });
  }
  return finish(db, access, "lock", outcomes);
}

/** Puts back the saved overwrite of every channel the lockdown holds. */
export async function unlock(db: Db, access: GuildAccess, order: readonly string[]): Promise<LockdownResult> {
  const { guildId } = access;
  const outcomes: ChannelOutcome[] = [];
  for (const row of await rowsOf(db, guildId, order)) {
    try {
      if (row.hadOverwrite) await setChannelOverwrite(row.channelId, guildId, { type: OverwriteType.Role, allow: BigInt(row.savedAllow), deny: BigInt(row.savedDeny) }, "Lockdown lifted (Guildhall)");
      else await deleteChannelOverwrite(row.channelId, guildId, "Lockdown lifted (Guildhall)");
    } catch (error) {
      const code = errorOf(error);
      // A channel deleted since has nothing left to restore.
      if (code !== "unknown_channel") {
        await db.update(lockdownChannels).set({ status: row.status === "lock_failed" ? "lock_failed" : "unlock_failed", errorCode: code, updatedAt: new Date() }).where(and(eq(lockdownChannels.guildId, guildId), eq(lockdownChannels.channelId, row.channelId)));
        outcomes.push({ channel_id: row.channelId, status: "failed", error: code });
        continue;
      }
    }
    await db.delete(lockdownChannels).where(and(eq(lockdownChannels.guildId, guildId), eq(lockdownChannels.channelId, row.channelId)));
    outcomes.push({ channel_id: row.channelId, status: "unlocked" });
  }
  await refreshGuildCache(guildId);
  return finish(db, access, "unlock", outcomes);
}

/** Where the lockdown stands: each channel it holds, and whether the guild counts as locked down. */
export async function lockdownState(db: Db, guildId: string, order: readonly string[]): Promise<LockdownResult> {
  const rows = await rowsOf(db, guildId, order);
  return {
    locked: rows.some((row) => row.status !== "lock_failed"),
    channels: rows.map((row) => ({ channel_id: row.channelId, status: row.status === "locked" ? "locked" : "failed", ...(row.errorCode ? { error: row.errorCode as LockdownError } : {}) })),
  };
}

/** The id of the lockdown message posted in the channel, or null when the platform refused it. */
async function announce(access: GuildAccess, channelId: string, message: string): Promise<string | null> {
  try {
    return (await postMessage(channelId, { content: await renderForGuild(access, message, channelId), allowed_mentions: NO_MENTIONS })).id;
  } catch (error) {
    errorOf(error);
    return null;
  }
}

/** The guild's flag, and one audit row when something changed. */
async function finish(db: Db, access: GuildAccess, what: "lock" | "unlock", outcomes: ChannelOutcome[]): Promise<LockdownResult> {
  const before = (await db.select({ locked: guildSettings.guildLockedDown }).from(guildSettings).where(eq(guildSettings.guildId, access.guildId)))[0]?.locked ?? false;
  const locked = await setLockedFlag(db, access.guildId);
  const changed = outcomes.filter((outcome) => outcome.status !== "failed");
  if (changed.length > 0 || before !== locked) {
    await db.transaction((tx) =>
      recordAudit(tx, {
        guildId: access.guildId,
        userId: access.userId,
        action: "moderation.lockdown",
        target: LOCKDOWN_AUDIT_TARGET,
        before: { locked: before },
        after: { locked, [what === "lock" ? "locked_channel_ids" : "unlocked_channel_ids"]: changed.map((outcome) => outcome.channel_id), failed_channel_ids: outcomes.filter((outcome) => outcome.status === "failed").map((outcome) => outcome.channel_id) },
      }),
    );
  }
  return { locked, channels: outcomes };
}
