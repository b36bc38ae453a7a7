import "server-only";
import { ApiError } from "@/lib/http/api-error";
import { getEnv } from "@/lib/env";
import { inspectImage } from "@/lib/images/inspect";
import { reencodeImage } from "@/lib/images/reencode";
import { getGuild, getGuildEmojis, type GuildEmoji } from "@/lib/platform/bot-api";
import { emojiImageUrl } from "@/lib/platform/cdn";
import { createGuildEmoji, deleteGuildEmoji, renameGuildEmoji } from "@/lib/platform/emojis-api";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { EmojiError } from "./errors";
import { EMOJI_SIDE, EMOJI_TYPES, MAX_EMOJI_BYTES, emojiSlots } from "./rules";

// The server's custom emojis (spec 7: server-emojis, serveremojis): the gallery with its slots per
// kind, and uploads, renames and deletes made on the platform with the bot. An upload goes through
// the image pipeline (type from the bytes, re-encoded without metadata, at most 128 pixels a side)
// and must fit the platform's 256 KB; the platform keeps the slot count, so a full server is
// refused by it and nothing is made.

export type EmojiView = GuildEmoji & { url: string };
export type SlotUse = { used: number; max: number };
export type EmojiGallery = { emojis: EmojiView[]; slots: { static: SlotUse; animated: SlotUse } };

function view(emoji: GuildEmoji): EmojiView {
  return { ...emoji, url: emojiImageUrl(getEnv().DISCORD_CDN_URL, emoji, 128) };
}

export async function loadEmojiGallery(guildId: string): Promise<EmojiGallery> {
  const [emojis, guild] = await Promise.all([getGuildEmojis(guildId), getGuild(guildId)]);
  const max = emojiSlots(guild.premium_tier);
  const count = (animated: boolean) => emojis.filter((emoji) => emoji.animated === animated).length;
  return { emojis: emojis.map(view), slots: { static: { used: count(false), max }, animated: { used: count(true), max } } };
}

/** The upload as the platform takes it: a data URI of the re-encoded picture. */
async function emojiDataUri(bytes: Uint8Array): Promise<string> {
  let info;
  try {
    info = await inspectImage(bytes);
  } catch (error) {
    if (error instanceof ApiError && error.code === "image_type_unsupported") throw new EmojiError("emoji_type_unsupported");
    throw error;
  }
  if (!(EMOJI_TYPES as readonly string[]).includes(info.type)) throw new EmojiError("emoji_type_unsupported");
  const image = await reencodeImage(bytes, info, { maxSide: EMOJI_SIDE });
  if (image.bytes.byteLength > MAX_EMOJI_BYTES) throw new EmojiError("emoji_too_large", { max: MAX_EMOJI_BYTES / 1024 });
  return `data:${image.contentType};base64,${image.bytes.toString("base64")}`;
}

/** The platform's refusals of an emoji write, in the domain's words; anything else as it came. */
async function refusal(error: unknown, guildId: string, animated: boolean): Promise<never> {
  if (error instanceof PlatformError) {
    if (error.code === PlatformErrorCode.MAX_EMOJIS || error.code === PlatformErrorCode.MAX_ANIMATED_EMOJIS) {
      const guild = await getGuild(guildId);
      throw new EmojiError("emoji_slots_full", { max: emojiSlots(guild.premium_tier), animated: String(error.code === PlatformErrorCode.MAX_ANIMATED_EMOJIS || animated) });
    }
    if (error.code === PlatformErrorCode.UNKNOWN_EMOJI) throw new EmojiError("emoji_not_found");
    if (error.code === PlatformErrorCode.MISSING_PERMISSIONS) throw new EmojiError("emoji_bot_missing_permission");
  }
  throw error;
}

export async function uploadEmoji(guildId: string, name: string, bytes: Uint8Array): Promise<EmojiView> {
  const image = await emojiDataUri(bytes);
  try {
    return view(await createGuildEmoji(guildId, { name, image }));
  } catch (error) {
    return refusal(error, guildId, image.startsWith("data:image/gif"));
  }
}

export async function renameEmoji(guildId: string, emojiId: string, name: string): Promise<EmojiView> {
  try {
    return view(await renameGuildEmoji(guildId, emojiId, name));
  } catch (error) {
    return refusal(error, guildId, false);
  }
}

export async function deleteEmoji(guildId: string, emojiId: string): Promise<void> {
  try {
    await deleteGuildEmoji(guildId, emojiId);
  } catch (error) {
    return refusal(error, guildId, false);
  }
}
