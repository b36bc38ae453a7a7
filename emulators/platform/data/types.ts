import type { PermissionName } from "../permissions";

// Shapes of the hand-written fixture data. They are deliberately looser than
// the API objects (names instead of ids, permission names instead of bit
// strings); fixtures.ts turns them into API-shaped state.

export interface UserFixture {
  id: string;
  username: string;
  global_name: string | null;
  /** Bots keep four-digit discriminators; migrated users have "0". */
  discriminator?: string;
  avatar: string | null;
  banner?: string | null;
  accent_color?: number | null;
  email: string | null;
  verified: boolean;
  locale: string;
  flags: number;
  premium_type: 0 | 1 | 2 | 3;
  mfa_enabled: boolean;
  bot?: boolean;
  /** Shown on the authorize page as a selectable account. */
  demo?: boolean;
}

export type ManagedBy = { bot: string } | "booster";

export interface RoleSpec {
  name: string;
  color: number;
  permissions: readonly PermissionName[];
  hoist?: boolean;
  mentionable?: boolean;
  managed?: ManagedBy;
  unicode_emoji?: string;
  /** Synthetic members may be given this role. */
  common?: boolean;
}

export type ChannelKind = "text" | "voice" | "category" | "announcement" | "stage" | "forum";

export interface ChannelSpec {
  kind: Exclude<ChannelKind, "category">;
  name: string;
  topic?: string;
  nsfw?: boolean;
  slowmode?: number;
  userLimit?: number;
  /** Forum tags. */
  tags?: readonly string[];
}

export interface CategorySpec {
  /** null groups channels that sit above every category. */
  name: string | null;
  channels: readonly ChannelSpec[];
}

export interface MemberSpec {
  user: string;
  /** Role names from the guild's `roles`. */
  roles: readonly string[];
  nick?: string | null;
  joined_at: string;
  premium_since?: string | null;
}

export interface EmojiSpec {
  /** 2 to 32 letters, digits or underscores, as Discord allows. */
  name: string;
  animated?: boolean;
  /** False when the guild lost the boosts that paid for the slot. */
  available?: boolean;
  /** Role names that may use it; empty (the default) is everyone. */
  roles?: readonly string[];
  /** Who uploaded it (shown only to callers with MANAGE_GUILD_EXPRESSIONS). */
  creator?: string;
}

export interface GuildSpec {
  id: string;
  name: string;
  icon: string | null;
  banner?: string | null;
  splash?: string | null;
  description: string | null;
  owner_id: string;
  features: readonly string[];
  premium_tier: 0 | 1 | 2 | 3;
  premium_subscription_count: number;
  preferred_locale: string;
  verification_level: 0 | 1 | 2 | 3 | 4;
  vanity_url_code?: string | null;
  approximate_member_count: number;
  approximate_presence_count: number;
  /** Permissions of @everyone (its role id is the guild id). */
  everyone: readonly PermissionName[];
  /** Highest first; @everyone is implicit. */
  roles: readonly RoleSpec[];
  layout: readonly CategorySpec[];
  /** Channel names for the system and rules channels. */
  systemChannel?: string;
  rulesChannel?: string;
  /** Hand-placed members; the bot is listed like anyone else when present. */
  members: readonly MemberSpec[];
  /** How many generated members to add. */
  synthetic: number;
  /** Custom emojis, in upload order. */
  emojis?: readonly EmojiSpec[];
}
