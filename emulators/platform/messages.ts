import type { APIEmbed, APIMessage, APIPartialEmoji, APIReaction, APIUser } from "discord-api-types/v10";

import type { GuildRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import * as serialize from "./serialize";
import { compareSnowflakes } from "./snowflake";
import type { PlatformState } from "./state";

// Messages the bot posts, kept per channel in id order (ids are snowflakes made
// at creation, so id order is time order). Records hold ids; users are looked
// up when serialized, so edits to fixture users show up in old messages too.

/** Discord remembers an enforced nonce for "a few minutes"; five here. */
export const NONCE_WINDOW_MS = 5 * 60_000;
/** Distinct emoji per message. */
export const MAX_REACTIONS = 20;

export interface ReactionRecord {
  /** The unicode emoji itself, or the custom emoji's id. */
  key: string;
  emoji: { id: string | null; name: string; animated?: boolean };
  /** Who reacted, in order. */
  userIds: string[];
}

export interface MessageRecord {
  id: string;
  channel_id: string;
  guild_id: string;
  author_id: string;
  content: string;
  embeds: APIEmbed[];
  components: unknown[];
  tts: boolean;
  flags: number;
  nonce: string | number | null;
  /** Set when the nonce was sent with enforce_nonce. */
  enforced_nonce: boolean;
  created_ms: number;
  timestamp: string;
  edited_timestamp: string | null;
  mention_user_ids: string[];
  mention_role_ids: string[];
  mention_everyone: boolean;
  reactions: ReactionRecord[];
}

export class MessageStore {
  private readonly byChannel = new Map<string, MessageRecord[]>();

  /** Oldest first. */
  list(channelId: string): MessageRecord[] {
    return [...(this.byChannel.get(channelId) ?? [])];
  }

  /** Every stored message, oldest first. */
  all(): MessageRecord[] {
    return [...this.byChannel.values()].flat().sort((a, b) => compareSnowflakes(a.id, b.id));
  }

  get(channelId: string, messageId: string): MessageRecord | undefined {
    return this.byChannel.get(channelId)?.find((message) => message.id === messageId);
  }

  add(message: MessageRecord): MessageRecord {
    const list = this.byChannel.get(message.channel_id) ?? [];
    let index = list.length;
    while (index > 0 && compareSnowflakes((list[index - 1] as MessageRecord).id, message.id) > 0) index--;
    list.splice(index, 0, message);
    this.byChannel.set(message.channel_id, list);
    return message;
  }

  remove(channelId: string, messageId: string): boolean {
    const list = this.byChannel.get(channelId);
    const index = list?.findIndex((message) => message.id === messageId) ?? -1;
    if (!list || index < 0) return false;
    list.splice(index, 1);
    return true;
  }

  /** Deletes `authorId`'s messages in `channelIds` sent at or after `sinceMs` (a ban's message history); returns how many. */
  deleteByAuthor(channelIds: readonly string[], authorId: string, sinceMs: number): number {
    let deleted = 0;
    for (const channelId of channelIds) {
      const list = this.byChannel.get(channelId);
      if (!list) continue;
      const kept = list.filter((message) => message.author_id !== authorId || message.created_ms < sinceMs);
      deleted += list.length - kept.length;
      this.byChannel.set(channelId, kept);
    }
    return deleted;
  }

  /** A recent message by the same author with the same enforced nonce. */
  findByNonce(channelId: string, authorId: string, nonce: string | number, now: number): MessageRecord | undefined {
    return this.byChannel
      .get(channelId)
      ?.find(
        (message) =>
          message.enforced_nonce &&
          message.author_id === authorId &&
          message.nonce === nonce &&
          now - message.created_ms < NONCE_WINDOW_MS,
      );
  }
}

/** Discord's timestamp format: microseconds and an explicit +00:00 offset. */
export function discordTimestamp(ms: number): string {
  return new Date(ms).toISOString().replace(/Z$/, "000+00:00");
}

// ---------------------------------------------------------------------------
// Emoji in reaction routes.

export type ParsedEmoji = { key: string; emoji: { id: string | null; name: string; animated?: boolean } };

// Code points that make up emoji sequences (ZWJ sequences, skin tones, keycaps,
// flags, tags); a real emoji has at least one pictographic, regional indicator
// or keycap part. Text like "abc" or a lone "1" is refused as Discord does.
const EMOJI_SEQUENCE = /^(?:\p{Extended_Pictographic}|\p{Emoji_Component}|\p{Emoji_Modifier}|\u200d|\ufe0f|\u20e3)+$/u;
const EMOJI_CORE = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;
const CUSTOM_EMOJI = /^([A-Za-z0-9_]{2,32}):(\d{17,20})$/;

/**
 * The `{emoji}` path segment, already percent-decoded: a unicode emoji, or a custom
 * emoji as `name:id` that belongs to the message's guild. Null for anything else, which
 * Discord answers with 10014 Unknown Emoji: text, an id no guild has, or another guild's
 * emoji. Discord goes by the id: the reaction carries the emoji's own name, whatever
 * name the path gave.
 */
export function parseEmoji(segment: string, guild: GuildRecord): ParsedEmoji | null {
  const custom = CUSTOM_EMOJI.exec(segment);
  if (custom) {
    const own = guild.emojis.find((emoji) => emoji.id === custom[2]);
    if (!own) return null;
    return { key: own.id, emoji: { id: own.id, name: own.name, ...(own.animated ? { animated: true } : {}) } };
  }
  if ([...segment].length > 32 || !EMOJI_SEQUENCE.test(segment) || !EMOJI_CORE.test(segment)) return null;
  return { key: segment, emoji: { id: null, name: segment } };
}

// ---------------------------------------------------------------------------
// Mentions.

export interface AllowedMentions {
  parse?: ("users" | "roles" | "everyone")[] | undefined;
  users?: string[] | undefined;
  roles?: string[] | undefined;
  replied_user?: boolean | undefined;
}

export interface ResolvedMentions {
  mention_user_ids: string[];
  mention_role_ids: string[];
  mention_everyone: boolean;
}

const unique = <T>(values: T[]): T[] => [...new Set(values)];

/**
 * Who a message pings, as Discord works it out: mentions written in the content,
 * narrowed by `allowed_mentions` (absent: everything may ping). @everyone/@here
 * needs MENTION_EVERYONE; a role needs to be mentionable or MENTION_EVERYONE.
 * Unknown users and roles are dropped.
 */
export function resolveMentions(
  state: PlatformState,
  guild: GuildRecord,
  permissions: bigint,
  content: string,
  allowed: AllowedMentions | null | undefined,
): ResolvedMentions {
  const parse = allowed ? (allowed.parse ?? []) : ["users", "roles", "everyone"];
  const mayMentionEveryone = (permissions & PERMISSIONS.MentionEveryone) === PERMISSIONS.MentionEveryone;

  const writtenUsers = unique([...content.matchAll(/<@!?(\d{17,20})>/g)].map((match) => match[1] as string));
  const allowedUsers = new Set(allowed?.users ?? []);
  const users = writtenUsers.filter((id) => (parse.includes("users") || allowedUsers.has(id)) && state.user(id) !== undefined);

  const writtenRoles = unique([...content.matchAll(/<@&(\d{17,20})>/g)].map((match) => match[1] as string));
  const allowedRoles = new Set(allowed?.roles ?? []);
  const roles = writtenRoles.filter((id) => {
    if (!parse.includes("roles") && !allowedRoles.has(id)) return false;
    const role = guild.roles.find((candidate) => candidate.id === id && candidate.id !== guild.id);
    return role !== undefined && (role.mentionable || mayMentionEveryone);
  });

  const everyone = parse.includes("everyone") && mayMentionEveryone && /@(?:everyone|here)\b/.test(content);
  return { mention_user_ids: users, mention_role_ids: roles, mention_everyone: everyone };
}

// ---------------------------------------------------------------------------
// Serialization.

function reaction(record: ReactionRecord, viewerId: string): APIReaction {
  const emoji: APIPartialEmoji = { ...record.emoji };
  return {
    emoji,
    count: record.userIds.length,
    count_details: { burst: 0, normal: record.userIds.length },
    me: record.userIds.includes(viewerId),
    me_burst: false,
    burst_colors: [],
  };
}

export type StoredMessage = APIMessage & { guild_id: string };

/**
 * What the control API shows (GET /__emulator/messages): the API shape as the
 * bot sees it, oldest first; or null when the channel does not exist.
 */
export function storedMessages(state: PlatformState, viewerId: string, channelId?: string): StoredMessage[] | null {
  if (channelId !== undefined && !state.channel(channelId)) return null;
  const records = channelId === undefined ? state.messages.all() : state.messages.list(channelId);
  return records.map((record) => message(state, record, viewerId));
}

/** A stranger who is not in the fixtures (a message seeded by a test, say). */
function unknownUser(id: string): APIUser {
  return serialize.userShape({ id, username: "deleted_user", discriminator: "0", global_name: null, avatar: null, flags: 0 });
}

/**
 * The API shape of a stored message as `viewerId` sees it (`me` on reactions).
 * Unlike Discord, which omits the key, `reactions` is always present ([] when
 * there are none); `guild_id` is included as on gateway events. The nonce only
 * comes back in the answer to the create, as on Discord.
 */
export function message(
  state: PlatformState,
  record: MessageRecord,
  viewerId: string,
  options: { withNonce?: boolean } = {},
): StoredMessage {
  const author = state.user(record.author_id);
  const mentions = record.mention_user_ids.flatMap((id) => {
    const user = state.user(id);
    return user ? [serialize.publicUser(user)] : [];
  });
  return {
    id: record.id,
    type: 0,
    channel_id: record.channel_id,
    guild_id: record.guild_id,
    author: author ? serialize.publicUser(author) : unknownUser(record.author_id),
    content: record.content,
    timestamp: record.timestamp,
    edited_timestamp: record.edited_timestamp,
    tts: record.tts,
    mention_everyone: record.mention_everyone,
    mentions,
    mention_roles: [...record.mention_role_ids],
    attachments: [],
    embeds: structuredClone(record.embeds),
    components: structuredClone(record.components) as NonNullable<APIMessage["components"]>,
    reactions: record.reactions.map((entry) => reaction(entry, viewerId)),
    pinned: false,
    flags: record.flags,
    ...(options.withNonce && record.nonce !== null ? { nonce: record.nonce } : {}),
  };
}
