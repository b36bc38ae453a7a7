import "server-only";

import { Routes, type RESTPatchAPIGuildEmojiResult, type RESTPostAPIGuildEmojiResult } from "discord-api-types/v10";

import { guildKey, type GuildEmoji } from "./bot-api";
import { invalidate } from "./cache";
import { PlatformError } from "./errors";
import { botDelete, botPatch, botPost } from "./rest";
import { isSnowflake } from "./snowflake";

// A guild's custom emojis written with the bot token (MANAGE_GUILD_EXPRESSIONS): upload, rename,
// delete. Each write drops the guild's kept emoji list, so the gallery, the pickers and the
// reference checks see the change at once. Ids are checked to be snowflakes before they go into a
// URL path. An upload is a POST: when the platform's answer is lost after it acted, the client's
// one retry may add the emoji twice (the platform has no idempotency key for it).

function requireSnowflakes(ids: Record<string, string>): void {
  for (const [name, value] of Object.entries(ids)) {
    if (!isSnowflake(value)) throw new PlatformError(`Invalid ${name}: not a snowflake`, { kind: "bad_request", status: 400 });
  }
}

const emojisChanged = (guildId: string) => invalidate(`${guildKey(guildId)}emojis`);

function kept(emoji: RESTPostAPIGuildEmojiResult): GuildEmoji {
  return { id: emoji.id ?? "", name: emoji.name ?? "", animated: emoji.animated ?? false, available: emoji.available ?? true };
}

/** Uploads an emoji; `image` is a data URI of at most 256 KiB. Throws PlatformError (30008 / 30018 when the slots are full). */
export async function createGuildEmoji(guildId: string, emoji: { name: string; image: string }): Promise<GuildEmoji> {
  requireSnowflakes({ "guild id": guildId });
  try {
    return kept(await botPost<RESTPostAPIGuildEmojiResult>(Routes.guildEmojis(guildId), { body: { name: emoji.name, image: emoji.image } }));
  } finally {
    await emojisChanged(guildId);
  }
}

export async function renameGuildEmoji(guildId: string, emojiId: string, name: string): Promise<GuildEmoji> {
  requireSnowflakes({ "guild id": guildId, "emoji id": emojiId });
  try {
    return kept(await botPatch<RESTPatchAPIGuildEmojiResult>(Routes.guildEmoji(guildId, emojiId), { body: { name } }));
  } finally {
    await emojisChanged(guildId);
  }
}

export async function deleteGuildEmoji(guildId: string, emojiId: string): Promise<void> {
  requireSnowflakes({ "guild id": guildId, "emoji id": emojiId });
  try {
    await botDelete(Routes.guildEmoji(guildId, emojiId));
  } finally {
    await emojisChanged(guildId);
  }
}
