import type { UserFixture } from "./data/types";

// In-memory world the API serves. Roles and channels are kept in their API
// shape; members reference users by id so user edits show up everywhere.

export type UserRecord = UserFixture;

export interface RoleRecord {
  id: string;
  name: string;
  color: number;
  colors: { primary_color: number; secondary_color: number | null; tertiary_color: number | null };
  hoist: boolean;
  icon: string | null;
  unicode_emoji: string | null;
  position: number;
  permissions: string;
  managed: boolean;
  mentionable: boolean;
  flags: number;
  tags?: { bot_id?: string; premium_subscriber?: null };
}

/** A channel permission overwrite; type 0 is a role (the guild id is @everyone), 1 a member. */
export interface OverwriteRecord {
  id: string;
  type: 0 | 1;
  allow: string;
  deny: string;
}

export interface ChannelRecord {
  id: string;
  type: 0 | 2 | 4 | 5 | 13 | 15;
  guild_id: string;
  name: string;
  position: number;
  parent_id: string | null;
  /** Empty in the fixtures; tests add some to take a permission away in one channel. */
  permission_overwrites: OverwriteRecord[];
  nsfw: boolean;
  flags: number;
  [extra: string]: unknown;
}

export interface MemberRecord {
  user_id: string;
  nick: string | null;
  avatar: string | null;
  roles: string[];
  joined_at: string;
  premium_since: string | null;
  deaf: boolean;
  mute: boolean;
  pending: boolean;
  flags: number;
  communication_disabled_until: string | null;
}

/** A custom emoji; `user_id` is who uploaded it. */
export interface EmojiRecord {
  id: string;
  name: string;
  roles: string[];
  user_id: string | null;
  require_colons: boolean;
  managed: boolean;
  animated: boolean;
  available: boolean;
}

export interface GuildRecord {
  id: string;
  name: string;
  icon: string | null;
  banner: string | null;
  splash: string | null;
  description: string | null;
  owner_id: string;
  features: string[];
  premium_tier: 0 | 1 | 2 | 3;
  premium_subscription_count: number;
  preferred_locale: string;
  verification_level: 0 | 1 | 2 | 3 | 4;
  vanity_url_code: string | null;
  approximate_member_count: number;
  approximate_presence_count: number;
  system_channel_id: string | null;
  rules_channel_id: string | null;
  afk_channel_id: string | null;
  roles: RoleRecord[];
  channels: ChannelRecord[];
  emojis: EmojiRecord[];
  /** Keyed by user id. */
  members: Map<string, MemberRecord>;
}

/** An application of someone else than Guildhall (a custom bot): its bot user has its id. */
export interface ApplicationRecord {
  id: string;
  name: string;
  description: string;
  owner_id: string;
  /** The one bot token that works now; resetting it refuses the old one. */
  token: string;
}

export interface World {
  users: Map<string, UserRecord>;
  guilds: Map<string, GuildRecord>;
  /** Keyed by id. */
  applications: Map<string, ApplicationRecord>;
}
