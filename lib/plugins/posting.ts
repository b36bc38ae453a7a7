import "server-only";
import type { APIAllowedMentions } from "discord-api-types/v10";
import { getEnv } from "@/lib/env";
import type { GuildAccess } from "@/lib/guilds/access";
import { getGuildPickers, type GuildPickers } from "@/lib/guilds/pickers";
import { CHANNEL_TYPES_BY_UI } from "./channel-uis";
import { ApiError } from "@/lib/http/api-error";
import { getGuildMember } from "@/lib/platform/bot-api";
import { PlatformError, PlatformErrorCode, platformFieldErrors, retryAfterSeconds } from "@/lib/platform/errors";
import { sampleContext, type TemplateContext } from "@/lib/templates/context";
import { renderTemplate } from "@/lib/templates/render";
import { fieldIssue } from "@/lib/validation/server-messages";
import { guildDefaultTexts } from "./default-texts";
import type { FieldIssue } from "@/lib/validation/issues";

// What every endpoint that posts to the platform for an item shares (embed send,
// reaction-role post, timer preview): mentions off, the channel check, the template
// context, and one mapping of platform failures to answers.

/** Nothing the bot posts from the dashboard pings anyone. */
export const NO_MENTIONS: APIAllowedMentions = { parse: [] };

/** What a post, send or preview answers with (the item only when the action changed it). */
export type PostedMessage = { channel_id: string; message_id: string };

/** A 400 unless `channelId` is a text channel of the guild (as the bot sees it). */
export async function assertTextChannel(guild: string, channelId: string | null | undefined): Promise<string> {
  if (!channelId) throw new ApiError(400, "channel_required", "Choose a channel to post in.", [fieldIssue("channel_id", "required")]);
  const { channels } = await getGuildPickers(guild);
  const channel = channels.find((item) => item.id === channelId);
  if (!channel || !CHANNEL_TYPES_BY_UI.channel.includes(channel.type)) {
    throw new ApiError(400, "invalid_channel", "This is not a text channel of this server.", [fieldIssue("channel_id", "wrong_channel_type")]);
  }
  return channelId;
}

/** True for the platform's "this message does not exist (any more)". */
export function isUnknownMessage(error: unknown): boolean {
  return error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_MESSAGE;
}

/**
 * A failed post, edit or reaction as the answer the dashboard shows: 429 `rate_limited`
 * (with Retry-After) when the platform rate-limits the bot for longer than the client
 * waits, 403 when the bot lacks access or permissions in the channel, else 502 with the
 * platform's reason (and the fields it rejected). Anything that is not a platform error
 * is rethrown as is.
 */
export function postFailure(error: unknown): ApiError {
  if (!(error instanceof PlatformError)) throw error;
  if (error.kind === "rate_limited") {
    const seconds = retryAfterSeconds(error);
    return new ApiError(429, "rate_limited", `Discord is rate limiting the bot. Nothing was posted; try again in ${seconds} second${seconds === 1 ? "" : "s"}.`, undefined, seconds);
  }
  if (error.code === PlatformErrorCode.MISSING_PERMISSIONS || error.code === PlatformErrorCode.MISSING_ACCESS) {
    return new ApiError(403, "bot_missing_permissions", "The bot is missing permissions in this channel (view it, send messages, embed links, add reactions and read message history).");
  }
  const fields = error.status === 400 ? platformFieldErrors(error).map((field) => platformFieldIssue(field.path || "body", field.code, field.message)) : [];
  return new ApiError(502, "post_failed", `Discord did not accept the message: ${error.message}`, fields.length > 0 ? fields : undefined);
}

/**
 * One field the platform refused, as our issue: its length and required-field codes read
 * like our own checks, a refused emoji or link says so; anything else quotes the platform.
 */
function platformFieldIssue(path: string, code: string, message: string): FieldIssue {
  if (code === "BASE_TYPE_REQUIRED") return fieldIssue(path, "required");
  const max = /MAX_LENGTH|BAD_LENGTH/.test(code) ? Number(/(\d+) or fewer/.exec(message)?.[1]) : NaN;
  if (Number.isFinite(max)) return fieldIssue(path, "too_long", { max });
  if (/EMOJI/.test(code)) return fieldIssue(path, "invalid_emoji");
  if (/URL/.test(code)) return fieldIssue(path, "invalid_link");
  return fieldIssue(path, "platform_refused", { detail: message || code });
}

/** Runs the platform calls of a post, send or preview; their failures become postFailure answers. */
export async function posting<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    throw error instanceof PlatformError ? postFailure(error) : error;
  }
}

/**
 * The template context a message the dashboard posts is rendered against: the guild (name,
 * member count, icon, owner, when the bot joined), the signed-in user as the member and the
 * channel it goes to. Channels come from `pickers` when the caller has them already.
 */
export async function guildTemplateContext(access: GuildAccess, channelId: string | null | undefined, pickers?: GuildPickers): Promise<TemplateContext> {
  const env = getEnv();
  const [{ channels }, member, bot, defaults] = await Promise.all([
    pickers ?? getGuildPickers(access.guildId),
    getGuildMember(access.guildId, access.userId),
    getGuildMember(access.guildId, env.DISCORD_CLIENT_ID).catch(() => null),
    guildDefaultTexts(access.guildId, access.guild.preferred_locale),
  ]);
  const user = member?.user ?? { id: access.userId, username: "you", discriminator: "0", global_name: null, avatar: null };
  const guild = access.guild;
  return sampleContext(
    {
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      owner_id: guild.owner_id,
      member_count: guild.approximate_member_count ?? null,
      verification_level: guild.verification_level,
      joined_at: bot?.joined_at ?? null,
      channels,
    },
    user,
    { cdnBase: env.DISCORD_CDN_URL, channelId: channelId ?? null, planName: access.premium ? "Premium" : null, defaults },
  );
}

/** A message template as the bot would send it in `channelId` of the guild. */
export async function renderForGuild(access: GuildAccess, message: string, channelId: string | null | undefined, pickers?: GuildPickers): Promise<string> {
  return renderTemplate(message, await guildTemplateContext(access, channelId, pickers));
}
