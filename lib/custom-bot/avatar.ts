import "server-only";
import type { Db } from "@/lib/db/client";
import type { GuildAccess } from "@/lib/guilds/access";
import { avatarDataUri } from "@/lib/images/avatar";
import { setCustomBotAvatar } from "@/lib/platform/custom-bot-api";
import { PlatformError, retryAfterSeconds } from "@/lib/platform/errors";
import { CustomBotError } from "./errors";
import { assertIncluded } from "./gate";
import { storedToken } from "./sealing";
import { lockCustomBot, readCustomBot, writeCustomBot, type CustomBotRow } from "./store";
import { markBlocked, noteLastError } from "./switch";

// update-custom-bot-avatar: the uploaded image, re-encoded (lib/images), set on the platform with
// the bot's own token. The platform limits how often a bot may change its avatar: its 429 is
// answered with the wait (Retry-After, and in the sentence). A 401 means the token no longer
// works: the bot is blocked at once, with the reason, for the owner to set a new token.

export async function setCustomBotAvatarImage(db: Db, access: GuildAccess, bytes: Uint8Array): Promise<CustomBotRow> {
  assertIncluded(access.buffs);
  const row = await readCustomBot(db, access.guildId);
  if (!row) throw new CustomBotError("custom_bot_not_set_up");
  if (row.status === "blocked") throw new CustomBotError("custom_bot_blocked");
  const avatar = await avatarDataUri(bytes);
  const user = await setCustomBotAvatar(storedToken(row), avatar).catch((error: unknown) => refused(db, access, error));
  return db.transaction(async (tx) => {
    const before = await lockCustomBot(tx, access.guildId);
    if (!before) throw new CustomBotError("custom_bot_not_set_up");
    return writeCustomBot(tx, { guildId: access.guildId, userId: access.userId, action: "custom_bot.avatar", before, values: { avatar: user.avatar ?? null, name: user.username, lastError: null, lastErrorAt: null } });
  });
}

async function refused(db: Db, access: GuildAccess, error: unknown): Promise<never> {
  if (!(error instanceof PlatformError)) throw error;
  if (error.kind === "unauthorized") {
    await markBlocked(db, access.guildId, access.userId);
    throw new CustomBotError("custom_bot_blocked");
  }
  if (error.kind === "rate_limited") {
    const seconds = retryAfterSeconds(error);
    throw new CustomBotError("custom_bot_avatar_rate_limited", { minutes: Math.max(1, Math.ceil(seconds / 60)) }, seconds);
  }
  await noteLastError(db, access.guildId, "custom_bot_platform_failed");
  throw new CustomBotError("custom_bot_platform_failed");
}
