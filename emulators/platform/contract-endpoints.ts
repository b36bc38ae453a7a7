import type { ClientCall } from "@/test/platform-calls";
import type { Schema } from "@/test/openapi-validate";

import { EMULATOR_CLIENT_ID, EMULATOR_CLIENT_SECRET } from "./credentials";
import { APPLICATIONS } from "./data/applications";
import { GUILD_IDS, USER_IDS } from "./data/ids";
import { PERMISSIONS } from "./permissions";
import type { PlatformEmulator } from "./server";
import { BOT_USER_ID } from "./state";
import { BOT_AUTH, autoAuthorize, bearer, exchange, postToken, signIn } from "./test-helpers";

// The platform endpoints Guildhall calls, one row per way lib/platform calls them,
// for contract.test.ts. A new call in lib/platform fails that test until it has a row
// here; a row says which lib/platform call it stands for (`client`), which operation of
// Discord's OpenAPI description answers it (`spec`), and how to make the call the way
// the app does (same token kind, same query). Reads run over every fixture they can
// (each demo user, each guild the bot is in), so fixture data is held to the spec too.

export interface Reply {
  status: number;
  body: unknown;
  /** Which of several calls of one row this is (a user, a guild). */
  label?: string;
}

export interface Endpoint {
  name: string;
  client: ClientCall;
  /** The operation in test/fixtures/discord-openapi/openapi-extract.json, or our own schema where the spec has none. */
  spec: { path: string; method: "get" | "post" | "patch" | "put" | "delete" } | { local: Schema; why: string };
  call(emulator: PlatformEmulator): Promise<Reply[]>;
}

const api = (emulator: PlatformEmulator) => `${emulator.url}/api/v10`;

/** The scopes lib/platform/oauth.ts asks for at sign-in. */
const LOGIN_SCOPE = "identify guilds email";
const signInAsApp = (emulator: PlatformEmulator) => signIn(emulator.url, USER_IDS.ada, LOGIN_SCOPE);

async function reply(response: Response): Promise<Reply> {
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as unknown) : undefined };
}

async function send(emulator: PlatformEmulator, method: string, path: string, headers: Record<string, string>, body?: unknown): Promise<Reply> {
  const response = await fetch(`${api(emulator)}${path}`, {
    method,
    headers: { ...headers, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  return reply(response);
}

const bot = (emulator: PlatformEmulator, method: string, path: string, body?: unknown) => send(emulator, method, path, BOT_AUTH, body);

/** The same read signed in as each demo user. */
function asEachUser(emulator: PlatformEmulator, path: string): Promise<Reply[]> {
  return Promise.all(
    emulator.state.demoUsers().map(async (user) => {
      const { access_token } = await signIn(emulator.url, user.id, LOGIN_SCOPE);
      return { ...(await send(emulator, "GET", path, bearer(access_token))), label: user.username };
    }),
  );
}

/** The same bot read for each guild the bot is in. */
function forEachBotGuild(emulator: PlatformEmulator, path: (guildId: string) => string): Promise<Reply[]> {
  return Promise.all(
    emulator.state.guildsOf(BOT_USER_ID).map(async (guild) => ({ ...(await bot(emulator, "GET", path(guild.id))), label: guild.name })),
  );
}

const one = async (reply: Promise<Reply>): Promise<Reply[]> => [await reply];

/** The same call with each custom bot's own token (data/applications.ts), as lib/platform/custom-bot-api.ts makes it. */
function asEachCustomBot(emulator: PlatformEmulator, method: string, path: string, body?: unknown): Promise<Reply[]> {
  return Promise.all(APPLICATIONS.map(async (application) => ({ ...(await send(emulator, method, path, { Authorization: `Bot ${application.token}` }, body)), label: application.name })));
}

/** A 1×1 PNG as a data URI: what the custom bot's avatar upload sends once re-encoded. */
const PNG_AVATAR = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

const guild = GUILD_IDS.workshop;
function general(emulator: PlatformEmulator): string {
  const channel = emulator.state.guild(guild)?.channels.find((candidate) => candidate.name === "general");
  if (!channel) throw new Error("the workshop fixture has no #general");
  return channel.id;
}

/**
 * What the embed builder sends (lib/plugins/embed-payload.ts), every part filled in; the
 * second field leaves `inline` out, as other clients may, for the emulator to fill in.
 */
const SAMPLE_MESSAGE = {
  content: `Welcome <@${USER_IDS.bjorn}>!`,
  allowed_mentions: { parse: ["users"] },
  embeds: [
    {
      title: "Server rules",
      url: "https://example.com/rules",
      description: "Be kind.",
      color: 0x5865f2,
      author: { name: "Guildhall", url: "https://example.com", icon_url: "https://example.com/icon.png" },
      fields: [{ name: "One", value: "No spam", inline: false }, { name: "Two", value: "Have fun" }],
      image: { url: "https://example.com/banner.png" },
      thumbnail: { url: "https://example.com/thumb.png" },
      footer: { text: "See you", icon_url: "https://example.com/footer.png" },
      timestamp: "2024-06-01T12:00:00.000Z",
    },
  ],
};

/** What a ticket panel sends (lib/plugins/ticketing/panel-message.ts): an embed and a row of buttons, one with an emoji. */
const SAMPLE_PANEL = {
  embeds: [{ title: "Need help?", description: "Open a ticket and our team answers." }],
  allowed_mentions: { parse: [] },
  components: [
    {
      type: 1,
      components: [
        { type: 2, style: 1, label: "Open a ticket", custom_id: "ticket:5d0c6f3e-6f4e-4c55-9a43-0d3f8f8b7d10:0", emoji: { name: "🎫" } },
        { type: 2, style: 4, label: "Report a member", custom_id: "ticket:5d0c6f3e-6f4e-4c55-9a43-0d3f8f8b7d10:1" },
      ],
    },
  ],
};

const thumbsUp = encodeURIComponent("👍");

/** Posts the sample message with a reaction on it, so reads return reactions too. */
async function sampleMessage(emulator: PlatformEmulator): Promise<string> {
  const posted = await bot(emulator, "POST", `/channels/${general(emulator)}/messages`, SAMPLE_MESSAGE);
  const id = (posted.body as { id?: string } | undefined)?.id;
  if (posted.status !== 200 || !id) throw new Error(`could not post the sample message: ${posted.status}`);
  await bot(emulator, "PUT", `/channels/${general(emulator)}/messages/${id}/reactions/${thumbsUp}/@me`);
  return id;
}

/** A role below the bot's that it may give and take. */
function codersRole(emulator: PlatformEmulator): string {
  const role = emulator.state.guild(guild)?.roles.find((candidate) => candidate.name === "Coders");
  if (!role) throw new Error("the workshop fixture has no Coders role");
  return role.id;
}

const messagePath = async (emulator: PlatformEmulator) => `/channels/${general(emulator)}/messages/${await sampleMessage(emulator)}`;

// Discord documents the token endpoint in prose only (RFC 6749 §5.1); this holds the
// emulator to what lib/platform/oauth.ts parses and the RFC requires.
/** Gives the bot's role in the workshop what the moderation calls need (its invite asks for less). */
function moderatingBot(emulator: PlatformEmulator): void {
  const role = emulator.state.guild(guild)?.roles.find((candidate) => candidate.managed && candidate.tags?.bot_id === BOT_USER_ID);
  if (!role) throw new Error("the workshop fixture has no Guildhall role");
  const needed = PERMISSIONS.BanMembers | PERMISSIONS.KickMembers | PERMISSIONS.ModerateMembers | PERMISSIONS.ViewAuditLog | PERMISSIONS.ManageRoles | PERMISSIONS.SendMessages;
  role.permissions = (BigInt(role.permissions) | needed).toString();
}

/** A workshop member with no role: below the bot, so it may act on them. */
function plainMember(emulator: PlatformEmulator): string {
  const member = [...(emulator.state.guild(guild)?.members.values() ?? [])].find((candidate) => candidate.roles.length === 0);
  if (!member) throw new Error("the workshop fixture has no member without a role");
  return member.user_id;
}

/** Bans emre (not a member: a ban by id) so the ban reads have one to show. */
async function banEmre(emulator: PlatformEmulator): Promise<Reply> {
  moderatingBot(emulator);
  return bot(emulator, "PUT", `/guilds/${guild}/bans/${USER_IDS.emre}`, { delete_message_seconds: 0 });
}

/** Gives the bot's role in the workshop MANAGE_GUILD_EXPRESSIONS and MANAGE_WEBHOOKS (its invite asks for them; the fixture's role has less). */
function expressiveBot(emulator: PlatformEmulator): void {
  const role = emulator.state.guild(guild)?.roles.find((candidate) => candidate.managed && candidate.tags?.bot_id === BOT_USER_ID);
  if (!role) throw new Error("the workshop fixture has no Guildhall role");
  role.permissions = (BigInt(role.permissions) | PERMISSIONS.ManageGuildExpressions | PERMISSIONS.ManageWebhooks).toString();
}

/** An emoji the bot uploaded (what the emoji gallery sends: a re-encoded PNG as a data URI). */
async function uploadedEmoji(emulator: PlatformEmulator): Promise<string> {
  expressiveBot(emulator);
  const created = await bot(emulator, "POST", `/guilds/${guild}/emojis`, { name: "contract", image: PNG_AVATAR });
  const id = (created.body as { id?: string } | undefined)?.id;
  if (created.status !== 201 || !id) throw new Error(`could not upload the sample emoji: ${created.status}`);
  return id;
}

/** A webhook the bot made in #general. */
async function madeWebhook(emulator: PlatformEmulator): Promise<string> {
  expressiveBot(emulator);
  const created = await bot(emulator, "POST", `/channels/${general(emulator)}/webhooks`, { name: "Deploys", avatar: PNG_AVATAR });
  const id = (created.body as { id?: string } | undefined)?.id;
  if (created.status !== 200 || !id) throw new Error(`could not make the sample webhook: ${created.status}`);
  return id;
}

const TOKEN_RESPONSE: Schema = {
  type: "object",
  properties: {
    access_token: { type: "string", minLength: 1 },
    token_type: { type: "string", enum: ["Bearer"] },
    expires_in: { type: "integer", minimum: 1 },
    refresh_token: { type: "string", minLength: 1 },
    scope: { type: "string" },
  },
  required: ["access_token", "token_type", "expires_in", "refresh_token", "scope"],
};
const NOT_IN_SPEC = "Discord's OpenAPI description has no /oauth2/token operations";

export const ENDPOINTS: readonly Endpoint[] = [
  {
    name: "current user (user token)",
    client: "user GET Routes.user",
    spec: { path: "/users/@me", method: "get" },
    call: (emulator) => asEachUser(emulator, "/users/@me"),
  },
  {
    name: "current user's guilds (user token)",
    client: "user GET Routes.userGuilds",
    spec: { path: "/users/@me/guilds", method: "get" },
    call: (emulator) => asEachUser(emulator, "/users/@me/guilds?limit=200"),
  },
  {
    name: "bot's guilds (bot token)",
    client: "bot GET Routes.userGuilds",
    spec: { path: "/users/@me/guilds", method: "get" },
    call: (emulator) => one(bot(emulator, "GET", "/users/@me/guilds?limit=200")),
  },
  {
    name: "guild with counts",
    client: "bot GET Routes.guild",
    spec: { path: "/guilds/{guild_id}", method: "get" },
    call: (emulator) => forEachBotGuild(emulator, (id) => `/guilds/${id}?with_counts=true`),
  },
  {
    name: "guild without counts (confirmBotInGuild)",
    client: "bot GET Routes.guild",
    spec: { path: "/guilds/{guild_id}", method: "get" },
    call: (emulator) => forEachBotGuild(emulator, (id) => `/guilds/${id}`),
  },
  {
    name: "guild channels",
    client: "bot GET Routes.guildChannels",
    spec: { path: "/guilds/{guild_id}/channels", method: "get" },
    call: (emulator) => forEachBotGuild(emulator, (id) => `/guilds/${id}/channels`),
  },
  {
    name: "guild roles",
    client: "bot GET Routes.guildRoles",
    spec: { path: "/guilds/{guild_id}/roles", method: "get" },
    call: (emulator) => forEachBotGuild(emulator, (id) => `/guilds/${id}/roles`),
  },
  {
    name: "guild emojis",
    client: "bot GET Routes.guildEmojis",
    spec: { path: "/guilds/{guild_id}/emojis", method: "get" },
    call: (emulator) => forEachBotGuild(emulator, (id) => `/guilds/${id}/emojis`),
  },
  {
    name: "guild member",
    client: "bot GET Routes.guildMember",
    spec: { path: "/guilds/{guild_id}/members/{user_id}", method: "get" },
    // Every fixture user who is a member: people, this bot and the other bots.
    call: (emulator) =>
      Promise.all(
        Object.entries(USER_IDS)
          .filter(([, id]) => emulator.state.guild(guild)?.members.has(id))
          .map(async ([name, id]) => ({ ...(await bot(emulator, "GET", `/guilds/${guild}/members/${id}`)), label: name })),
      ),
  },
  {
    name: "member search",
    client: "bot GET Routes.guildMembersSearch",
    spec: { path: "/guilds/{guild_id}/members/search", method: "get" },
    // "a" matches hand-placed members and generated ones.
    call: (emulator) => forEachBotGuild(emulator, (id) => `/guilds/${id}/members/search?query=a&limit=1000`),
  },
  {
    name: "create message",
    client: "bot POST Routes.channelMessages",
    spec: { path: "/channels/{channel_id}/messages", method: "post" },
    call: async (emulator) => [
      { ...(await bot(emulator, "POST", `/channels/${general(emulator)}/messages`, { ...SAMPLE_MESSAGE, nonce: "contract-nonce", enforce_nonce: true })), label: "embed" },
      { ...(await bot(emulator, "POST", `/channels/${general(emulator)}/messages`, { ...SAMPLE_PANEL, nonce: "contract-panel", enforce_nonce: true })), label: "ticket panel" },
    ],
  },
  {
    name: "list messages",
    client: "bot GET Routes.channelMessages",
    spec: { path: "/channels/{channel_id}/messages", method: "get" },
    call: async (emulator) => {
      await sampleMessage(emulator);
      return [await bot(emulator, "GET", `/channels/${general(emulator)}/messages?limit=50`)];
    },
  },
  {
    name: "get message",
    client: "bot GET Routes.channelMessage",
    spec: { path: "/channels/{channel_id}/messages/{message_id}", method: "get" },
    call: async (emulator) => [await bot(emulator, "GET", await messagePath(emulator))],
  },
  {
    name: "edit message",
    client: "bot PATCH Routes.channelMessage",
    spec: { path: "/channels/{channel_id}/messages/{message_id}", method: "patch" },
    call: async (emulator) => [
      { ...(await bot(emulator, "PATCH", await messagePath(emulator), { content: "Edited", embeds: null })), label: "text" },
      { ...(await bot(emulator, "PATCH", await messagePath(emulator), { content: null, ...SAMPLE_PANEL })), label: "ticket panel" },
    ],
  },
  {
    name: "delete message",
    client: "bot DELETE Routes.channelMessage",
    spec: { path: "/channels/{channel_id}/messages/{message_id}", method: "delete" },
    call: async (emulator) => [await bot(emulator, "DELETE", await messagePath(emulator))],
  },
  {
    name: "add own reaction",
    client: "bot PUT Routes.channelMessageOwnReaction",
    spec: { path: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", method: "put" },
    call: async (emulator) => [await bot(emulator, "PUT", `${await messagePath(emulator)}/reactions/${encodeURIComponent("🎉")}/@me`)],
  },
  {
    name: "list who reacted",
    client: "bot GET Routes.channelMessageReaction",
    spec: { path: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}", method: "get" },
    call: async (emulator) => [await bot(emulator, "GET", `${await messagePath(emulator)}/reactions/${thumbsUp}?limit=100`)],
  },
  {
    name: "remove own reaction",
    client: "bot DELETE Routes.channelMessageOwnReaction",
    spec: { path: "/channels/{channel_id}/messages/{message_id}/reactions/{emoji_name}/@me", method: "delete" },
    call: async (emulator) => [await bot(emulator, "DELETE", `${await messagePath(emulator)}/reactions/${thumbsUp}/@me`)],
  },
  {
    name: "rename a channel",
    client: "bot PATCH Routes.channel",
    spec: { path: "/channels/{channel_id}", method: "patch" },
    call: async (emulator) => {
      // The bot manages channels where a server gave it MANAGE_CHANNELS (the statistics counters).
      const lounge = emulator.state.guild(guild)?.channels.find((candidate) => candidate.name === "Lounge");
      if (!lounge) throw new Error("the workshop fixture has no Lounge");
      lounge.permission_overwrites.push({ id: BOT_USER_ID, type: 1, allow: PERMISSIONS.ManageChannels.toString(), deny: "0" });
      return [await bot(emulator, "PATCH", `/channels/${lounge.id}`, { name: "Members: 87" })];
    },
  },
  {
    name: "create a voice channel",
    client: "bot POST Routes.guildChannels",
    spec: { path: "/guilds/{guild_id}/channels", method: "post" },
    call: async (emulator) => {
      // The temporary channels' creator channel, made where the server let the bot manage channels.
      const role = emulator.state.guild(guild)?.roles.find((candidate) => candidate.managed && candidate.tags?.bot_id === BOT_USER_ID);
      if (!role) throw new Error("the workshop fixture has no bot role");
      role.permissions = (BigInt(role.permissions) | PERMISSIONS.ManageChannels).toString();
      const category = emulator.state.guild(guild)?.channels.find((candidate) => candidate.type === 4);
      return [await bot(emulator, "POST", `/guilds/${guild}/channels`, { name: "➕ Create a room", type: 2, parent_id: category?.id ?? null })];
    },
  },
  {
    name: "give a member a role",
    client: "bot PUT Routes.guildMemberRole",
    spec: { path: "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", method: "put" },
    call: async (emulator) => [await bot(emulator, "PUT", `/guilds/${guild}/members/${USER_IDS.sam}/roles/${codersRole(emulator)}`)],
  },
  {
    name: "take a member's role",
    client: "bot DELETE Routes.guildMemberRole",
    spec: { path: "/guilds/{guild_id}/members/{user_id}/roles/{role_id}", method: "delete" },
    call: async (emulator) => [await bot(emulator, "DELETE", `/guilds/${guild}/members/${USER_IDS.sam}/roles/${codersRole(emulator)}`)],
  },
  {
    name: "make a role",
    client: "bot POST Routes.guildRoles",
    spec: { path: "/guilds/{guild_id}/roles", method: "post" },
    call: async (emulator) => [await bot(emulator, "POST", `/guilds/${guild}/roles`, { name: "Event pings", color: 0x5865f2, mentionable: true, hoist: false, permissions: "0" })],
  },
  {
    name: "make an invite",
    client: "bot POST Routes.channelInvites",
    spec: { path: "/channels/{channel_id}/invites", method: "post" },
    call: async (emulator) => [await bot(emulator, "POST", `/channels/${general(emulator)}/invites`, { max_age: 0, max_uses: 0, temporary: false, unique: false })],
  },
  {
    name: "resolve an invite or vanity code",
    client: "bot GET Routes.invite",
    spec: { path: "/invites/{code}", method: "get" },
    call: async (emulator) => {
      const made = await bot(emulator, "POST", `/channels/${general(emulator)}/invites`, { max_age: 86_400 });
      const code = (made.body as { code: string }).code;
      return [
        { ...(await bot(emulator, "GET", `/invites/${code}?with_counts=true`)), label: "an invite" },
        { ...(await bot(emulator, "GET", "/invites/pixelraiders?with_counts=true")), label: "a vanity code" },
      ];
    },
  },
  {
    name: "ban a user",
    client: "bot PUT Routes.guildBan",
    spec: { path: "/guilds/{guild_id}/bans/{user_id}", method: "put" },
    call: async (emulator) => [await banEmre(emulator)],
  },
  {
    name: "a user's ban",
    client: "bot GET Routes.guildBan",
    spec: { path: "/guilds/{guild_id}/bans/{user_id}", method: "get" },
    call: async (emulator) => {
      await banEmre(emulator);
      return [await bot(emulator, "GET", `/guilds/${guild}/bans/${USER_IDS.emre}`)];
    },
  },
  {
    name: "list bans",
    client: "bot GET Routes.guildBans",
    spec: { path: "/guilds/{guild_id}/bans", method: "get" },
    call: async (emulator) => {
      await banEmre(emulator);
      return [await bot(emulator, "GET", `/guilds/${guild}/bans?limit=100`)];
    },
  },
  {
    name: "lift a ban",
    client: "bot DELETE Routes.guildBan",
    spec: { path: "/guilds/{guild_id}/bans/{user_id}", method: "delete" },
    call: async (emulator) => {
      await banEmre(emulator);
      return [await bot(emulator, "DELETE", `/guilds/${guild}/bans/${USER_IDS.emre}`)];
    },
  },
  {
    name: "time a member out",
    client: "bot PATCH Routes.guildMember",
    spec: { path: "/guilds/{guild_id}/members/{user_id}", method: "patch" },
    call: async (emulator) => {
      moderatingBot(emulator);
      const until = new Date(Date.now() + 60 * 60_000).toISOString();
      return [await bot(emulator, "PATCH", `/guilds/${guild}/members/${plainMember(emulator)}`, { communication_disabled_until: until })];
    },
  },
  {
    name: "set the bot's avatar in a server",
    client: "bot PATCH Routes.guildMember",
    spec: { path: "/guilds/{guild_id}/members/@me", method: "patch" },
    call: async (emulator) => [
      await bot(emulator, "PATCH", `/guilds/${guild}/members/@me`, { avatar: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=" }),
      await bot(emulator, "PATCH", `/guilds/${guild}/members/@me`, { avatar: null }),
    ],
  },
  {
    name: "kick a member",
    client: "bot DELETE Routes.guildMember",
    spec: { path: "/guilds/{guild_id}/members/{user_id}", method: "delete" },
    call: async (emulator) => {
      moderatingBot(emulator);
      return [await bot(emulator, "DELETE", `/guilds/${guild}/members/${plainMember(emulator)}`)];
    },
  },
  {
    name: "set a channel overwrite",
    client: "bot PUT Routes.channelPermission",
    spec: { path: "/channels/{channel_id}/permissions/{overwrite_id}", method: "put" },
    call: async (emulator) => {
      moderatingBot(emulator);
      return [await bot(emulator, "PUT", `/channels/${general(emulator)}/permissions/${guild}`, { type: 0, allow: "0", deny: PERMISSIONS.SendMessages.toString() })];
    },
  },
  {
    name: "remove a channel overwrite",
    client: "bot DELETE Routes.channelPermission",
    spec: { path: "/channels/{channel_id}/permissions/{overwrite_id}", method: "delete" },
    call: async (emulator) => {
      moderatingBot(emulator);
      return [await bot(emulator, "DELETE", `/channels/${general(emulator)}/permissions/${guild}`)];
    },
  },
  {
    name: "guild audit log",
    client: "bot GET Routes.guildAuditLog",
    spec: { path: "/guilds/{guild_id}/audit-logs", method: "get" },
    call: async (emulator) => {
      await banEmre(emulator);
      await bot(emulator, "PUT", `/channels/${general(emulator)}/permissions/${guild}`, { type: 0, allow: "0", deny: PERMISSIONS.AddReactions.toString() });
      return [await bot(emulator, "GET", `/guilds/${guild}/audit-logs?limit=100`)];
    },
  },
  {
    name: "open a DM channel",
    client: "bot POST Routes.userChannels",
    spec: { path: "/users/@me/channels", method: "post" },
    call: async (emulator) => [await bot(emulator, "POST", "/users/@me/channels", { recipient_id: USER_IDS.sam })],
  },
  {
    name: "upload an emoji",
    client: "bot POST Routes.guildEmojis",
    spec: { path: "/guilds/{guild_id}/emojis", method: "post" },
    call: async (emulator) => {
      expressiveBot(emulator);
      return [await bot(emulator, "POST", `/guilds/${guild}/emojis`, { name: "contract", image: PNG_AVATAR })];
    },
  },
  {
    name: "rename an emoji",
    client: "bot PATCH Routes.guildEmoji",
    spec: { path: "/guilds/{guild_id}/emojis/{emoji_id}", method: "patch" },
    call: async (emulator) => [await bot(emulator, "PATCH", `/guilds/${guild}/emojis/${await uploadedEmoji(emulator)}`, { name: "renamed" })],
  },
  {
    name: "delete an emoji",
    client: "bot DELETE Routes.guildEmoji",
    spec: { path: "/guilds/{guild_id}/emojis/{emoji_id}", method: "delete" },
    call: async (emulator) => [await bot(emulator, "DELETE", `/guilds/${guild}/emojis/${await uploadedEmoji(emulator)}`)],
  },
  {
    name: "make a webhook",
    client: "bot POST Routes.channelWebhooks",
    spec: { path: "/channels/{channel_id}/webhooks", method: "post" },
    call: async (emulator) => {
      expressiveBot(emulator);
      return [await bot(emulator, "POST", `/channels/${general(emulator)}/webhooks`, { name: "Deploys", avatar: null })];
    },
  },
  {
    name: "guild webhooks",
    client: "bot GET Routes.guildWebhooks",
    spec: { path: "/guilds/{guild_id}/webhooks", method: "get" },
    call: async (emulator) => {
      await madeWebhook(emulator);
      return [await bot(emulator, "GET", `/guilds/${guild}/webhooks`)];
    },
  },
  {
    name: "rename a webhook, change its avatar",
    client: "bot PATCH Routes.webhook",
    spec: { path: "/webhooks/{webhook_id}", method: "patch" },
    call: async (emulator) => [await bot(emulator, "PATCH", `/webhooks/${await madeWebhook(emulator)}`, { name: "Releases", avatar: PNG_AVATAR })],
  },
  {
    name: "delete a webhook",
    client: "bot DELETE Routes.webhook",
    spec: { path: "/webhooks/{webhook_id}", method: "delete" },
    call: async (emulator) => [await bot(emulator, "DELETE", `/webhooks/${await madeWebhook(emulator)}`)],
  },
  {
    name: "custom bot's own user",
    client: "custom-bot GET Routes.user",
    spec: { path: "/users/@me", method: "get" },
    call: (emulator) => asEachCustomBot(emulator, "GET", "/users/@me"),
  },
  {
    name: "custom bot's application",
    client: "custom-bot GET Routes.currentApplication",
    spec: { path: "/applications/@me", method: "get" },
    call: (emulator) => asEachCustomBot(emulator, "GET", "/applications/@me"),
  },
  {
    name: "custom bot's avatar change",
    client: "custom-bot PATCH Routes.user",
    spec: { path: "/users/@me", method: "patch" },
    call: (emulator) => asEachCustomBot(emulator, "PATCH", "/users/@me", { avatar: PNG_AVATAR }),
  },
  {
    name: "token exchange (authorization_code)",
    client: "client POST /oauth2/token",
    spec: { local: TOKEN_RESPONSE, why: NOT_IN_SPEC },
    call: async (emulator) => {
      const { location } = await autoAuthorize(emulator.url, { scope: LOGIN_SCOPE });
      return [await reply(await exchange(emulator.url, location?.searchParams.get("code") ?? ""))];
    },
  },
  {
    name: "token refresh",
    client: "client POST /oauth2/token",
    spec: { local: TOKEN_RESPONSE, why: NOT_IN_SPEC },
    call: async (emulator) => {
      const { refresh_token } = await signInAsApp(emulator);
      return [await reply(await postToken(emulator.url, { grant_type: "refresh_token", refresh_token }))];
    },
  },
  {
    name: "token revocation",
    client: "client POST /oauth2/token/revoke",
    // RFC 7009 §2.2: a 200 whose body the RFC leaves open; Discord and the emulator send {}.
    spec: { local: { type: "object" }, why: NOT_IN_SPEC },
    call: async (emulator) => {
      const { access_token } = await signInAsApp(emulator);
      const response = await fetch(`${api(emulator)}/oauth2/token/revoke`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ client_id: EMULATOR_CLIENT_ID, client_secret: EMULATOR_CLIENT_SECRET, token: access_token }),
      });
      return [await reply(response)];
    },
  },
];
