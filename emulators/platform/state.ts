import { randomBytes } from "node:crypto";

import { EMULATOR_BOT_TOKEN, EMULATOR_CLIENT_ID } from "./credentials";
import { buildWorld, demoUsers } from "./fixtures";
import { MessageStore } from "./messages";
import { USER_IDS } from "./data/ids";
import type { DmChannelRecord } from "./direct-messages";
import type { AuditEntry, BanRecord } from "./moderation";
import type { ApplicationRecord, ChannelRecord, EmojiRecord, GuildRecord, MemberRecord, RoleRecord, UserRecord, World } from "./model";
import { applyOverwrites, canManageGuild, computeBasePermissions } from "./permissions";
import { compareSnowflakes, snowflakeAt } from "./snowflake";
import { TokenStore } from "./tokens";

// Everything the emulator remembers between requests. Tests may read and
// mutate it directly through PlatformEmulator.state.

export const DEFAULT_ACCESS_TOKEN_TTL_SECONDS = 604800;
export const BOT_USER_ID = EMULATOR_CLIENT_ID;

/** Guildhall's own application, as GET /applications/@me shows it to its bot; staff.sam owns it. */
const GUILDHALL_APPLICATION: ApplicationRecord = { id: EMULATOR_CLIENT_ID, name: "Guildhall", description: "Configure your server with plugins.", owner_id: USER_IDS.sam, token: EMULATOR_BOT_TOKEN };

/** An incoming webhook (webhook-routes.ts); `user_id` is who made it. */
export interface WebhookRecord {
  id: string;
  guild_id: string;
  channel_id: string;
  name: string;
  avatar: string | null;
  token: string;
  user_id: string;
}

/** A guild invite made with the bot token (invite-routes.ts); `max_age` 0 never expires. */
export interface InviteRecord {
  code: string;
  guild_id: string;
  channel_id: string;
  inviter_id: string;
  max_age: number;
  max_uses: number;
  temporary: boolean;
  uses: number;
  created_at: number;
}

export interface ResetOptions {
  /** Also forget issued codes and tokens (signed-in sessions stop working). */
  tokens?: boolean;
}

export class PlatformState {
  world: World = buildWorld();
  /** Messages posted through the API since the last reset, per channel. */
  messages = new MessageStore();
  /** When each channel was renamed through the API in the last minutes (guild-edit-routes.ts). */
  channelRenames = new Map<string, number[]>();
  /** Bans by guild id, then user id (moderation.ts). */
  bans = new Map<string, Map<string, BanRecord>>();
  /** Each guild's audit log, oldest first (moderation.ts writes it). */
  auditLogs = new Map<string, AuditEntry[]>();
  /** DM channels the bot opened, by channel id (direct-messages.ts). */
  dmChannels = new Map<string, DmChannelRecord>();
  /** Users who do not accept DMs from server members: the bot's DMs to them are refused. */
  closedDms = new Set<string>();
  /** When each bot last changed its avatar (application-routes.ts). */
  avatarChanges = new Map<string, number[]>();
  /** Avatars set through the API, by hash: the CDN serves these bytes for them. */
  avatarImages = new Map<string, { bytes: Buffer; contentType: string }>();
  /** Emoji pictures uploaded through the API, by emoji id: the CDN serves these bytes for them. */
  emojiImages = new Map<string, { bytes: Buffer; contentType: string }>();
  /** Incoming webhooks by id (webhook-routes.ts). */
  webhooks = new Map<string, WebhookRecord>();
  /** Invites made through the API since the last reset, by code (invite-routes.ts). */
  invites = new Map<string, InviteRecord>();
  readonly tokens = new TokenStore();
  accessTokenTtlSeconds = DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
  /** Members react after the bot (crowd.ts): npm start's demo. A start option, kept by reset(). */
  crowdReactions = false;
  private created = 0;

  /** Replaceable clock, so tests can expire codes without waiting ten minutes. */
  now: () => number = () => Date.now();

  reset(options: ResetOptions = {}): void {
    this.world = buildWorld();
    this.messages = new MessageStore();
    this.channelRenames = new Map();
    this.bans = new Map();
    this.auditLogs = new Map();
    this.dmChannels = new Map();
    this.closedDms = new Set();
    this.avatarChanges = new Map();
    this.avatarImages = new Map();
    this.emojiImages = new Map();
    this.webhooks = new Map();
    this.invites = new Map();
    this.accessTokenTtlSeconds = DEFAULT_ACCESS_TOKEN_TTL_SECONDS;
    if (options.tokens) this.tokens.clear();
  }

  user(id: string): UserRecord | undefined {
    return this.world.users.get(id);
  }

  guild(id: string): GuildRecord | undefined {
    return this.world.guilds.get(id);
  }

  member(guild: GuildRecord, userId: string): MemberRecord | undefined {
    return guild.members.get(userId);
  }

  bansOf(guildId: string): Map<string, BanRecord> {
    return this.bans.get(guildId) ?? this.bans.set(guildId, new Map()).get(guildId)!;
  }

  auditLogOf(guildId: string): AuditEntry[] {
    return this.auditLogs.get(guildId) ?? this.auditLogs.set(guildId, []).get(guildId)!;
  }

  demoUsers(): UserRecord[] {
    return demoUsers(this.world);
  }

  /** Guild-level permissions of a member, or null when not a member. */
  permissions(guild: GuildRecord, userId: string): bigint | null {
    const member = guild.members.get(userId);
    if (!member) return null;
    const byId = new Map(guild.roles.map((role) => [role.id, BigInt(role.permissions)]));
    return computeBasePermissions({
      isOwner: guild.owner_id === userId,
      everyone: byId.get(guild.id) ?? 0n,
      roles: member.roles.map((id) => byId.get(id) ?? 0n),
    });
  }

  /** A channel of any guild, with its guild. */
  channel(id: string): { guild: GuildRecord; channel: ChannelRecord } | undefined {
    for (const guild of this.world.guilds.values()) {
      const channel = guild.channels.find((candidate) => candidate.id === id);
      if (channel) return { guild, channel };
    }
    return undefined;
  }

  /** A custom emoji of any guild, with its guild. */
  emoji(id: string): { guild: GuildRecord; emoji: EmojiRecord } | undefined {
    for (const guild of this.world.guilds.values()) {
      const emoji = guild.emojis.find((candidate) => candidate.id === id);
      if (emoji) return { guild, emoji };
    }
    return undefined;
  }

  /** Permissions of a member in one channel (overwrites applied), or null when not a member. */
  channelPermissions(guild: GuildRecord, channel: ChannelRecord, userId: string): bigint | null {
    const base = this.permissions(guild, userId);
    const member = guild.members.get(userId);
    if (base === null || !member) return null;
    if (guild.owner_id === userId) return base;
    return applyOverwrites({ base, guildId: guild.id, userId, roleIds: member.roles, overwrites: channel.permission_overwrites });
  }

  canManage(guild: GuildRecord, userId: string): boolean {
    const permissions = this.permissions(guild, userId);
    return permissions !== null && canManageGuild(permissions);
  }

  /** Guilds the user belongs to, by ascending id as Discord lists them. */
  guildsOf(userId: string): GuildRecord[] {
    return [...this.world.guilds.values()]
      .filter((guild) => guild.members.has(userId))
      .sort((a, b) => compareSnowflakes(a.id, b.id));
  }

  manageableGuilds(userId: string): GuildRecord[] {
    return this.guildsOf(userId).filter((guild) => this.canManage(guild, userId));
  }

  botIn(guild: GuildRecord): boolean {
    return guild.members.has(BOT_USER_ID);
  }

  /** The application a bot token belongs to now: Guildhall's, or a custom bot's (data/applications.ts). */
  applicationOfToken(token: string): ApplicationRecord | undefined {
    if (token === EMULATOR_BOT_TOKEN) return GUILDHALL_APPLICATION;
    for (const application of this.world.applications.values()) if (application.token === token) return application;
    return undefined;
  }

  application(id: string): ApplicationRecord | undefined {
    return id === EMULATOR_CLIENT_ID ? GUILDHALL_APPLICATION : this.world.applications.get(id);
  }

  /**
   * "Reset Token" on the application's Bot page: a new token (this one, when a test names it)
   * works from now on and the old one is refused with 401.
   */
  resetToken(applicationId: string, token?: string): string | undefined {
    const application = this.world.applications.get(applicationId);
    if (!application) return undefined;
    application.token = token ?? `${Buffer.from(application.id).toString("base64url")}.${randomBytes(4).toString("base64url")}.${randomBytes(27).toString("base64url")}`;
    return application.token;
  }

  /** A fresh snowflake for things created at runtime (at `at`, default now). */
  newId(at: number = this.now()): string {
    return snowflakeAt(new Date(at).toISOString(), this.created++);
  }

  /**
   * What happens when someone authorizes the bot for a guild: the bot joins
   * with its own managed role. Re-authorizing updates that role's permissions.
   */
  addBot(guild: GuildRecord, permissions: bigint, botId: string = BOT_USER_ID): RoleRecord {
    const existing = guild.roles.find((role) => role.managed && role.tags?.bot_id === botId);
    if (existing) {
      existing.permissions = permissions.toString();
      const member = guild.members.get(botId);
      if (member && !member.roles.includes(existing.id)) member.roles.push(existing.id);
      if (!member) guild.members.set(botId, this.botMember(botId, existing.id));
      return existing;
    }
    // Halfway up the list: under the staff roles, above the cosmetic ones.
    const top = Math.max(0, ...guild.roles.map((role) => role.position));
    const position = Math.max(1, Math.ceil(top / 2));
    for (const role of guild.roles) if (role.position >= position) role.position += 1;
    const role: RoleRecord = {
      id: this.newId(),
      name: this.user(botId)?.username ?? "Guildhall",
      color: 0,
      colors: { primary_color: 0, secondary_color: null, tertiary_color: null },
      hoist: false,
      icon: null,
      unicode_emoji: null,
      position,
      permissions: permissions.toString(),
      managed: true,
      mentionable: false,
      flags: 0,
      tags: { bot_id: botId },
    };
    guild.roles.push(role);
    guild.members.set(botId, this.botMember(botId, role.id));
    guild.approximate_member_count += 1;
    return role;
  }

  private botMember(botId: string, roleId: string): MemberRecord {
    return {
      user_id: botId, nick: null, avatar: null, roles: [roleId], joined_at: new Date(this.now()).toISOString(),
      premium_since: null, deaf: false, mute: false, pending: false, flags: 0, communication_disabled_until: null,
    };
  }
}
