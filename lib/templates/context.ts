// What a message template is rendered against (render.ts), on the server (bot, preview
// endpoint) and in the browser (live preview). Pure and client-safe.
import type { DefaultTexts } from "./default-messages";

export type TemplateContext = {
  server: {
    id: string;
    name: string;
    /** Icon hash, or null when the server has no icon. */
    icon: string | null;
    ownerId: string;
    /** When known, `{server.owner}` shows it; otherwise the owner is mentioned (`<@ownerId>`). */
    ownerName?: string;
    region?: string;
    memberCount: number;
    verificationLevel?: number;
    /** When the bot joined, as given (ISO 8601); rendered verbatim so server and browser agree. */
    joinedAt?: string;
  };
  user: {
    id: string;
    username: string;
    globalName?: string | null;
    /** "0" for accounts on the unique-username system. */
    discriminator: string;
    avatar: string | null;
    bot: boolean;
  };
  /** Absent where there is no channel (the `{channel…}` variables are then left as written). */
  channel?: { id: string; name: string; type: number };
  /** Absent on the free plan (`{plan.name}` → "Free"). */
  plan?: { name: string };
  /** The platform CDN base (server: getEnv().DISCORD_CDN_URL; client: passed down as a prop). */
  cdnBase: string;
  /** Default messages in the guild's language (lib/templates/default-messages.ts), for stored keys. */
  defaults?: DefaultTexts;
  /**
   * A social alert's item (a stream, a video, a post: lib/providers LatestItem values), keyed by
   * variable name without braces; `{streamer}`, `{title}`… render from it. Without it they stay as written.
   */
  item?: Readonly<Record<string, string>>;
};

/** A channel as the guild entity (map keyed by id) or the pickers (list) carry it. */
export type SampleChannel = { name: string; type: number; position?: number };

/** The fields of a guild (guild entity or guild list entry) that a preview context uses. */
export type SampleGuild = {
  id: string;
  name: string;
  icon: string | null;
  owner_id?: string | null;
  /** Whether the signed-in user owns the guild (the guild list's `owner`). */
  owner?: boolean;
  member_count?: number | null;
  region?: string | null;
  verification_level?: number | null;
  joined_at?: string | null;
  channels?: Readonly<Record<string, SampleChannel>> | readonly (SampleChannel & { id: string })[];
};

/** The fields of the signed-in user (user entity) that a preview context uses. */
export type SampleUser = {
  id: string;
  username: string;
  global_name?: string | null;
  discriminator?: string | null;
  avatar: string | null;
  bot?: boolean;
};

export type SampleContextOptions = {
  cdnBase: string;
  /** The channel the message would be sent in; defaults to the first text channel by position. */
  channelId?: string | null;
  /** The guild's plan name; absent or null means the free plan. */
  planName?: string | null;
  /** Default messages in the guild's language. */
  defaults?: DefaultTexts;
};

const TEXT_CHANNEL = 0;

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

function pickChannel(guild: SampleGuild, channelId: string | null | undefined): TemplateContext["channel"] {
  const list = Array.isArray(guild.channels)
    ? (guild.channels as readonly (SampleChannel & { id: string })[])
    : Object.entries(guild.channels ?? {}).map(([id, channel]) => ({ ...channel, id }));
  const chosen =
    (channelId ? list.find((channel) => channel.id === channelId) : undefined) ??
    list
      .filter((channel) => channel.type === TEXT_CHANNEL)
      .sort((a, b) => (a.position ?? 0) - (b.position ?? 0) || compareIds(a.id, b.id))[0];
  return chosen ? { id: chosen.id, name: chosen.name, type: chosen.type } : undefined;
}

/** A preview context: the guild being edited, the signed-in user as the member, and a channel of the guild. */
export function sampleContext(guild: SampleGuild, user: SampleUser, options: SampleContextOptions): TemplateContext {
  const ownerId = guild.owner_id ?? (guild.owner ? user.id : "");
  const context: TemplateContext = withSampleUser(
    {
      server: {
        id: guild.id,
        name: guild.name,
        icon: guild.icon,
        ownerId,
        memberCount: guild.member_count ?? 0,
      },
      user: { id: "", username: "", globalName: null, discriminator: "0", avatar: null, bot: false },
      cdnBase: options.cdnBase,
    },
    user,
  );
  if (guild.region != null) context.server.region = guild.region;
  if (guild.verification_level != null) context.server.verificationLevel = guild.verification_level;
  if (guild.joined_at != null) context.server.joinedAt = guild.joined_at;
  const channel = pickChannel(guild, options.channelId);
  if (channel) context.channel = channel;
  if (options.planName) context.plan = { name: options.planName };
  if (options.defaults) context.defaults = options.defaults;
  return context;
}

/**
 * The same context with another member as `{user…}`: pages cached for every viewer are
 * drawn with a stand-in, and the browser puts the signed-in user in once it knows them.
 */
export function withSampleUser(context: TemplateContext, user: SampleUser): TemplateContext {
  const server = { ...context.server };
  if (server.ownerId !== "" && server.ownerId === user.id) server.ownerName = user.username;
  return {
    ...context,
    server,
    user: {
      id: user.id,
      username: user.username,
      globalName: user.global_name ?? null,
      discriminator: user.discriminator ?? "0",
      avatar: user.avatar,
      bot: user.bot ?? false,
    },
  };
}
