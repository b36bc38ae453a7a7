import type { APIEmbed } from "discord-api-types/v10";

import * as errors from "./api-errors";
import { postDirectMessage } from "./direct-messages";
import type { ApiResponse } from "./api-errors";
import type { ApiRequest, Route } from "./api-routes";
import {
  MAX_REACTIONS,
  discordTimestamp,
  message as serializeMessage,
  parseEmoji,
  resolveMentions,
  type MessageRecord,
} from "./messages";
import {
  SETTABLE_FLAGS,
  createMessageSchema,
  editMessageSchema,
  listMessagesQuery,
  reactionUsersQuery,
  type EmbedInput,
} from "./message-schemas";
import type { ChannelRecord, GuildRecord } from "./model";
import { crowdJoins } from "./crowd";
import { PERMISSIONS } from "./permissions";
import { publicUser } from "./serialize";
import { compareSnowflakes } from "./snowflake";
import type { PlatformState } from "./state";
import { parse } from "./validation";

// Channel message routes (bot token only): post, read, edit, delete, the
// bot's own reactions and who reacted. The bot must be in the channel's guild and see the
// channel (else 403 50001), and the channel must hold messages: text, announcement, and voice
// and stage channels, whose chat ("text in voice") takes messages as Discord's does; a category
// or a forum answers 400 50008. Permissions are the bot's in that channel, overwrites included.

const MESSAGE_TYPES: ReadonlySet<number> = new Set([0, 2, 5, 13]);

interface ChannelAccess {
  guild: GuildRecord;
  channel: ChannelRecord;
  permissions: bigint;
}

const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;

function channelAccess(state: PlatformState, channelId: string, userId: string): ChannelAccess | ApiResponse {
  const found = state.channel(channelId);
  if (!found) return errors.unknownChannel();
  const { guild, channel } = found;
  const permissions = state.channelPermissions(guild, channel, userId);
  if (permissions === null || !has(permissions, PERMISSIONS.ViewChannel)) return errors.missingAccess();
  if (!MESSAGE_TYPES.has(channel.type)) return errors.nonTextChannel();
  return { guild, channel, permissions };
}

const isAccess = (value: ChannelAccess | ApiResponse): value is ChannelAccess => "channel" in value;

/** Discord fills in `type: "rich"` and a field's `inline: false`, and drops null colours. */
function toApiEmbed(embed: EmbedInput): APIEmbed {
  const { color, fields, ...rest } = embed;
  return {
    type: "rich" as APIEmbed["type"],
    ...structuredClone(rest),
    ...(color != null ? { color } : {}),
    ...(fields ? { fields: fields.map((field) => ({ ...field, inline: field.inline ?? false })) } : {}),
  };
}

/**
 * Components as Discord stores them: each row and each child carries a numeric `id`, the
 * sender's own or the next free one counted from 1 in the order they appear.
 */
function numberComponents(rows: readonly Record<string, unknown>[]): Record<string, unknown>[] {
  const copy = structuredClone(rows) as Array<Record<string, unknown> & { components?: Record<string, unknown>[] }>;
  const all = copy.flatMap((row) => [row, ...(row.components ?? [])]);
  const taken = new Set(all.map((component) => component.id).filter((id): id is number => typeof id === "number"));
  let next = 1;
  for (const component of all) {
    if (typeof component.id === "number") continue;
    while (taken.has(next)) next++;
    component.id = next;
    taken.add(next);
  }
  return copy;
}

const isEmpty = (content: string, embeds: readonly unknown[], components: readonly unknown[]) =>
  content.trim() === "" && embeds.length === 0 && components.length === 0;

/** Messages of the channel for GET ?limit&before&after&around, newest first. */
function page(list: MessageRecord[], query: { limit: number; before?: string; after?: string; around?: string }): MessageRecord[] {
  const { limit, before, after, around } = query;
  let chosen: MessageRecord[];
  if (around !== undefined) {
    const older = list.filter((m) => compareSnowflakes(m.id, around) < 0);
    const newer = list.filter((m) => compareSnowflakes(m.id, around) >= 0);
    const olderCount = Math.min(older.length, Math.floor(limit / 2));
    chosen = [...older.slice(older.length - olderCount), ...newer.slice(0, limit - olderCount)];
  } else if (before !== undefined) {
    chosen = list.filter((m) => compareSnowflakes(m.id, before) < 0).slice(-limit);
  } else if (after !== undefined) {
    chosen = list.filter((m) => compareSnowflakes(m.id, after) > 0).slice(0, limit);
  } else {
    chosen = list.slice(-limit);
  }
  return chosen.reverse();
}

function withMessage(
  request: ApiRequest,
  params: Record<string, string>,
  userId: string,
  then: (access: ChannelAccess, record: MessageRecord) => ApiResponse,
): ApiResponse {
  const access = channelAccess(request.state, params.channel ?? "", userId);
  if (!isAccess(access)) return access;
  const record = request.state.messages.get(access.channel.id, params.message ?? "");
  return record ? then(access, record) : errors.unknownMessage();
}

export const MESSAGE_ROUTES: readonly Route[] = [
  {
    method: "GET",
    pattern: ["channels", ":channel", "messages"],
    auth: "bot",
    handle(request, params, auth) {
      const { state, query } = request;
      const parsed = parse(listMessagesQuery, query);
      if (!parsed.ok) return parsed.response;
      const access = channelAccess(state, params.channel ?? "", auth.userId);
      if (!isAccess(access)) return access;
      // Without READ_MESSAGE_HISTORY Discord answers an empty list.
      if (!has(access.permissions, PERMISSIONS.ReadMessageHistory)) return errors.ok([]);
      const list = page(state.messages.list(access.channel.id), parsed.data);
      return errors.ok(list.map((record) => serializeMessage(state, record, auth.userId)));
    },
  },
  {
    method: "POST",
    pattern: ["channels", ":channel", "messages"],
    auth: "bot",
    handle(request, params, auth) {
      const { state } = request;
      const dm = state.dmChannels.get(params.channel ?? "");
      if (dm) return postDirectMessage(request, dm, auth.userId);
      const access = channelAccess(state, params.channel ?? "", auth.userId);
      if (!isAccess(access)) return access;
      if (!has(access.permissions, PERMISSIONS.SendMessages)) return errors.missingPermissions();
      const parsed = parse(createMessageSchema, request.body);
      if (!parsed.ok) return parsed.response;
      const body = parsed.data;
      const content = body.content ?? "";
      const embeds = (body.embeds ?? []).map(toApiEmbed);
      const components = body.components ?? [];
      if (isEmpty(content, embeds, components)) return errors.emptyMessage();

      const now = state.now();
      if (body.enforce_nonce && body.nonce !== undefined) {
        const earlier = state.messages.findByNonce(access.channel.id, auth.userId, body.nonce, now);
        if (earlier) return errors.ok(serializeMessage(state, earlier, auth.userId, { withNonce: true }));
      }
      const record = state.messages.add({
        id: state.newId(now),
        channel_id: access.channel.id,
        guild_id: access.guild.id,
        author_id: auth.userId,
        content,
        embeds,
        components: numberComponents(components),
        // TTS silently becomes a plain message without SEND_TTS_MESSAGES, as on Discord.
        tts: (body.tts ?? false) && has(access.permissions, PERMISSIONS.SendTTSMessages),
        flags: body.flags ?? 0,
        nonce: body.nonce ?? null,
        enforced_nonce: (body.enforce_nonce ?? false) && body.nonce !== undefined,
        created_ms: now,
        timestamp: discordTimestamp(now),
        edited_timestamp: null,
        ...resolveMentions(state, access.guild, access.permissions, content, body.allowed_mentions),
        reactions: [],
      });
      access.channel.last_message_id = record.id;
      return errors.ok(serializeMessage(state, record, auth.userId, { withNonce: true }));
    },
  },
  {
    method: "GET",
    pattern: ["channels", ":channel", "messages", ":message"],
    auth: "bot",
    handle(request, params, auth) {
      return withMessage(request, params, auth.userId, (access, record) =>
        has(access.permissions, PERMISSIONS.ReadMessageHistory)
          ? errors.ok(serializeMessage(request.state, record, auth.userId))
          : errors.missingAccess(),
      );
    },
  },
  {
    method: "PATCH",
    pattern: ["channels", ":channel", "messages", ":message"],
    auth: "bot",
    handle(request, params, auth) {
      const { state } = request;
      return withMessage(request, params, auth.userId, (access, record) => {
        if (record.author_id !== auth.userId) return errors.cannotEditOthers();
        const parsed = parse(editMessageSchema, request.body);
        if (!parsed.ok) return parsed.response;
        const body = parsed.data;
        const content = body.content === undefined ? record.content : (body.content ?? "");
        const embeds = body.embeds === undefined ? record.embeds : (body.embeds ?? []).map(toApiEmbed);
        const components = body.components === undefined ? record.components : numberComponents(body.components ?? []);
        if (isEmpty(content, embeds, components)) return errors.emptyMessage();

        if (body.content !== undefined || body.allowed_mentions !== undefined) {
          Object.assign(record, resolveMentions(state, access.guild, access.permissions, content, body.allowed_mentions));
        }
        record.content = content;
        record.embeds = embeds;
        record.components = components;
        if (body.flags !== undefined) record.flags = (body.flags ?? 0) & SETTABLE_FLAGS;
        record.edited_timestamp = discordTimestamp(state.now());
        return errors.ok(serializeMessage(state, record, auth.userId));
      });
    },
  },
  {
    method: "DELETE",
    pattern: ["channels", ":channel", "messages", ":message"],
    auth: "bot",
    handle(request, params, auth) {
      return withMessage(request, params, auth.userId, (access, record) => {
        if (record.author_id !== auth.userId && !has(access.permissions, PERMISSIONS.ManageMessages)) {
          return errors.missingPermissions();
        }
        request.state.messages.remove(access.channel.id, record.id);
        return errors.noContent();
      });
    },
  },
  {
    method: "PUT",
    pattern: ["channels", ":channel", "messages", ":message", "reactions", ":emoji", "@me"],
    auth: "bot",
    handle(request, params, auth) {
      return withMessage(request, params, auth.userId, (access, record) => {
        if (!has(access.permissions, PERMISSIONS.ReadMessageHistory)) return errors.missingPermissions();
        const parsed = parseEmoji(params.emoji ?? "", access.guild);
        if (!parsed) return errors.unknownEmoji();
        const existing = record.reactions.find((reaction) => reaction.key === parsed.key);
        if (existing) {
          if (!existing.userIds.includes(auth.userId)) existing.userIds.push(auth.userId);
          return errors.noContent();
        }
        // Only the first reaction with an emoji needs ADD_REACTIONS.
        if (!has(access.permissions, PERMISSIONS.AddReactions)) return errors.missingPermissions();
        if (record.reactions.length >= MAX_REACTIONS) return errors.tooManyReactions();
        const reaction = { key: parsed.key, emoji: parsed.emoji, userIds: [auth.userId] };
        record.reactions.push(reaction);
        if (request.state.crowdReactions && record.author_id === auth.userId) crowdJoins(request.state, access.guild, access.channel, record, reaction);
        return errors.noContent();
      });
    },
  },
  {
    // Who reacted with one emoji, by ascending user id, `limit` after `after`.
    method: "GET",
    pattern: ["channels", ":channel", "messages", ":message", "reactions", ":emoji"],
    auth: "bot",
    handle(request, params, auth) {
      const parsedQuery = parse(reactionUsersQuery, request.query);
      if (!parsedQuery.ok) return parsedQuery.response;
      const { limit, after, type } = parsedQuery.data;
      return withMessage(request, params, auth.userId, (access, record) => {
        if (!has(access.permissions, PERMISSIONS.ReadMessageHistory)) return errors.missingAccess();
        const parsed = parseEmoji(params.emoji ?? "", access.guild);
        if (!parsed) return errors.unknownEmoji();
        const reaction = type === "0" ? record.reactions.find((entry) => entry.key === parsed.key) : undefined;
        const users = [...(reaction?.userIds ?? [])]
          .sort(compareSnowflakes)
          .filter((id) => after === undefined || compareSnowflakes(id, after) > 0)
          .slice(0, limit)
          .flatMap((id) => {
            const user = request.state.user(id);
            return user ? [publicUser(user)] : [];
          });
        return errors.ok(users);
      });
    },
  },
  {
    method: "DELETE",
    pattern: ["channels", ":channel", "messages", ":message", "reactions", ":emoji", "@me"],
    auth: "bot",
    handle(request, params, auth) {
      return withMessage(request, params, auth.userId, (access, record) => {
        const parsed = parseEmoji(params.emoji ?? "", access.guild);
        if (!parsed) return errors.unknownEmoji();
        const index = record.reactions.findIndex((reaction) => reaction.key === parsed.key);
        const reaction = record.reactions[index];
        if (reaction) {
          reaction.userIds = reaction.userIds.filter((id) => id !== auth.userId);
          if (reaction.userIds.length === 0) record.reactions.splice(index, 1);
        }
        return errors.noContent();
      });
    },
  },
];
