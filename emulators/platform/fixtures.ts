import { APPLICATIONS } from "./data/applications";
import { GUILDS } from "./data/guilds";
import type { ChannelSpec, GuildSpec, MemberSpec, RoleSpec } from "./data/types";
import { USERS } from "./data/users";
import type { ApplicationRecord, ChannelRecord, EmojiRecord, GuildRecord, MemberRecord, RoleRecord, UserRecord, World } from "./model";
import { permissionBits } from "./permissions";
import { snowflakeAt, snowflakeDate } from "./snowflake";
import { between, generateUsers, makeNick, sample, seededRandom, seedFrom, type Random } from "./synthetic";

// Turns the hand-written data into the API-shaped world. Pure and
// deterministic: reset() simply calls buildWorld() again.

const CHANNEL_TYPES = { text: 0, voice: 2, category: 4, announcement: 5, stage: 13, forum: 15 } as const;
const LAST_JOIN = Date.parse("2024-11-30T00:00:00Z");

/** Ids of things created after the guild, spaced so they decode to later dates. */
function childId(guildId: string, offsetMs: number, increment: number): string {
  return snowflakeAt(new Date(snowflakeDate(guildId).getTime() + offsetMs).toISOString(), increment);
}

export function makeRole(id: string, spec: RoleSpec, position: number): RoleRecord {
  const role: RoleRecord = {
    id,
    name: spec.name,
    color: spec.color,
    colors: { primary_color: spec.color, secondary_color: null, tertiary_color: null },
    hoist: spec.hoist ?? false,
    icon: null,
    unicode_emoji: spec.unicode_emoji ?? null,
    position,
    permissions: permissionBits(spec.permissions).toString(),
    managed: spec.managed !== undefined,
    mentionable: spec.mentionable ?? false,
    flags: 0,
  };
  if (spec.managed === "booster") role.tags = { premium_subscriber: null };
  else if (spec.managed) role.tags = { bot_id: spec.managed.bot };
  return role;
}

function buildRoles(spec: GuildSpec): RoleRecord[] {
  const everyone = makeRole(spec.id, { name: "@everyone", color: 0, permissions: spec.everyone }, 0);
  const others = spec.roles.map((role, index) =>
    makeRole(childId(spec.id, (index + 1) * 60_000, index), role, spec.roles.length - index),
  );
  return [everyone, ...others];
}

function channelExtras(spec: ChannelSpec, nextId: () => string): Record<string, unknown> {
  switch (spec.kind) {
    case "voice":
    case "stage":
      return {
        bitrate: spec.kind === "stage" ? 40000 : 64000,
        user_limit: spec.userLimit ?? 0,
        rtc_region: null,
        rate_limit_per_user: 0,
        last_message_id: null,
        ...(spec.kind === "stage" ? { topic: spec.topic ?? null } : { video_quality_mode: 1 }),
      };
    case "forum":
      return {
        topic: spec.topic ?? null,
        rate_limit_per_user: spec.slowmode ?? 0,
        last_message_id: null,
        default_auto_archive_duration: 4320,
        default_thread_rate_limit_per_user: 0,
        default_reaction_emoji: null,
        default_sort_order: null,
        default_forum_layout: 1,
        available_tags: (spec.tags ?? []).map((name) => ({
          id: nextId(),
          name,
          moderated: false,
          emoji_id: null,
          emoji_name: null,
        })),
      };
    default:
      return {
        topic: spec.topic ?? null,
        rate_limit_per_user: spec.slowmode ?? 0,
        last_message_id: null,
        default_auto_archive_duration: 1440,
      };
  }
}

function buildChannels(spec: GuildSpec): ChannelRecord[] {
  const channels: ChannelRecord[] = [];
  let sequence = 0;
  const nextId = () => childId(spec.id, 3_600_000 + sequence * 37_000, sequence++);
  // Discord numbers text-like and voice-like channels separately.
  let textPosition = 0;
  let voicePosition = 0;
  let categoryPosition = 0;
  for (const category of spec.layout) {
    let parentId: string | null = null;
    if (category.name !== null) {
      parentId = nextId();
      channels.push({
        id: parentId, type: 4, guild_id: spec.id, name: category.name, position: categoryPosition++,
        parent_id: null, permission_overwrites: [], nsfw: false, flags: 0,
      });
    }
    for (const channel of category.channels) {
      const voiceLike = channel.kind === "voice" || channel.kind === "stage";
      channels.push({
        id: nextId(),
        type: CHANNEL_TYPES[channel.kind],
        guild_id: spec.id,
        name: channel.name,
        position: voiceLike ? voicePosition++ : textPosition++,
        parent_id: parentId,
        permission_overwrites: [],
        nsfw: channel.nsfw ?? false,
        flags: 0,
        ...channelExtras(channel, nextId),
      });
    }
  }
  return channels;
}

function buildEmojis(spec: GuildSpec, roles: RoleRecord[]): EmojiRecord[] {
  // Uploaded a couple of hours after the channels were laid out, a minute or so apart.
  return (spec.emojis ?? []).map((emoji, index) => ({
    id: childId(spec.id, 7_200_000 + index * 43_000, index),
    name: emoji.name,
    roles: roleIdsByName(spec, roles, emoji.roles ?? []),
    user_id: emoji.creator ?? spec.owner_id,
    require_colons: true,
    managed: false,
    animated: emoji.animated ?? false,
    available: emoji.available ?? true,
  }));
}

function member(user: string, roles: string[], joinedAt: string, extra: Partial<MemberRecord> = {}): MemberRecord {
  return {
    user_id: user, nick: null, avatar: null, roles, joined_at: joinedAt, premium_since: null,
    deaf: false, mute: false, pending: false, flags: 0, communication_disabled_until: null, ...extra,
  };
}

function roleIdsByName(spec: GuildSpec, roles: RoleRecord[], names: readonly string[]): string[] {
  return names.map((name) => {
    const role = roles.find((candidate) => candidate.name === name && candidate.id !== spec.id);
    if (!role) throw new Error(`fixture ${spec.name}: unknown role "${name}"`);
    return role.id;
  });
}

function buildMembers(spec: GuildSpec, roles: RoleRecord[], pool: UserRecord[], random: Random): Map<string, MemberRecord> {
  const members = new Map<string, MemberRecord>();
  for (const entry of spec.members as MemberSpec[]) {
    members.set(entry.user, member(entry.user, roleIdsByName(spec, roles, entry.roles), entry.joined_at, {
      nick: entry.nick ?? null,
      premium_since: entry.premium_since ?? null,
    }));
  }
  const common = roles.filter((role) => spec.roles.find((r) => r.name === role.name)?.common);
  const booster = roles.find((role) => role.tags?.premium_subscriber === null);
  const guildCreated = snowflakeDate(spec.id).getTime();
  for (const user of sample(random, pool, spec.synthetic)) {
    const earliest = Math.max(guildCreated, snowflakeDate(user.id).getTime());
    const joinedAt = new Date(between(random, earliest, LAST_JOIN)).toISOString();
    const roleIds = sample(random, common, Math.floor(random() * 3)).map((role) => role.id);
    let premiumSince: string | null = null;
    if (booster && random() < 0.08) {
      roleIds.push(booster.id);
      premiumSince = new Date(between(random, Date.parse(joinedAt), LAST_JOIN)).toISOString();
    }
    members.set(user.id, member(user.id, roleIds, joinedAt, { nick: makeNick(random, user), premium_since: premiumSince }));
  }
  return members;
}

export function buildGuild(spec: GuildSpec, pool: UserRecord[]): GuildRecord {
  const random = seededRandom(seedFrom(spec.id));
  const roles = buildRoles(spec);
  const channels = buildChannels(spec);
  const byName = (name: string | undefined) =>
    name === undefined ? null : (channels.find((channel) => channel.name === name && channel.type !== 4)?.id ?? null);
  const afk = channels.find((channel) => channel.type === 2 && /afk/i.test(channel.name));
  return {
    id: spec.id,
    name: spec.name,
    icon: spec.icon,
    banner: spec.banner ?? null,
    splash: spec.splash ?? null,
    description: spec.description,
    owner_id: spec.owner_id,
    features: [...spec.features],
    premium_tier: spec.premium_tier,
    premium_subscription_count: spec.premium_subscription_count,
    preferred_locale: spec.preferred_locale,
    verification_level: spec.verification_level,
    vanity_url_code: spec.vanity_url_code ?? null,
    approximate_member_count: spec.approximate_member_count,
    approximate_presence_count: spec.approximate_presence_count,
    system_channel_id: byName(spec.systemChannel),
    rules_channel_id: byName(spec.rulesChannel),
    afk_channel_id: afk?.id ?? null,
    roles,
    channels,
    emojis: buildEmojis(spec, roles),
    members: buildMembers(spec, roles, pool, random),
  };
}

export function buildWorld(): World {
  const synthetic = generateUsers();
  const users = new Map<string, UserRecord>();
  for (const user of [...USERS, ...APPLICATIONS.map((application) => application.bot), ...synthetic]) users.set(user.id, { ...user });
  const guilds = new Map<string, GuildRecord>();
  for (const spec of GUILDS) {
    if (guilds.has(spec.id)) throw new Error(`duplicate fixture guild id ${spec.id}`);
    guilds.set(spec.id, buildGuild(spec, synthetic));
  }
  const applications = new Map<string, ApplicationRecord>(
    APPLICATIONS.map(({ id, name, description, owner, token }) => [id, { id, name, description, owner_id: owner, token }]),
  );
  return { users, guilds, applications };
}

/** Demo accounts shown on the authorize page, in fixture order. */
export function demoUsers(world: World): UserRecord[] {
  return USERS.filter((user) => user.demo).map((user) => world.users.get(user.id) ?? user);
}

