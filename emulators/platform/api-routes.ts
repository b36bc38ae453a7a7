import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { GuildRecord } from "./model";
import * as serialize from "./serialize";
import { compareSnowflakes } from "./snowflake";
import { BOT_USER_ID, type PlatformState } from "./state";
import { APPLICATION_ROUTES } from "./application-routes";
import { DIRECT_MESSAGE_ROUTES } from "./direct-messages";
import { EMOJI_ROUTES } from "./emoji-routes";
import { GUILD_EDIT_ROUTES } from "./guild-edit-routes";
import { INVITE_ROUTES } from "./invite-routes";
import { MESSAGE_ROUTES } from "./message-routes";
import { MODERATION_ROUTES } from "./moderation-routes";
import { PERMISSIONS } from "./permissions";
import { WEBHOOK_ROUTES } from "./webhook-routes";
import { parse, queryBoolean, queryInt, snowflake } from "./validation";

// The Discord REST routes the dashboard uses: the reads below, the channel message routes
// of message-routes.ts and the guild changes of guild-edit-routes.ts. Paths are relative to /api/v10; the
// pipeline in api.ts has already counted the call, applied faults and rate
// limits, and read the body of POST, PATCH and PUT requests (parsed as JSON
// here, once a route that takes one matched).

export type Auth = { kind: "bot"; userId: string } | { kind: "user"; userId: string; scopes: string[] };

export interface ApiRequest {
  method: string;
  query: Record<string, string>;
  auth: Auth | null;
  state: PlatformState;
  /** The request body as sent (POST, PATCH, PUT). */
  rawBody?: string;
  /** The body parsed as JSON (an empty body is {}), for routes that are not GET or DELETE. */
  body?: unknown;
  /** Where the emulator was reached (`http://host:port`): the base of the webhook URLs it hands out. */
  origin?: string;
  /** The `X-Audit-Log-Reason` header, URL-decoded: what the audit log entry of a moderation act says. */
  auditReason?: string;
}

export type Params = Record<string, string>;

export interface Route {
  method: "GET" | "POST" | "PATCH" | "PUT" | "DELETE";
  pattern: readonly string[];
  /** Who may call it: bot token, user bearer token (with `scope`), or either. */
  auth: "bot" | "user" | "any";
  scope?: string;
  /** A custom bot's token may call it too (about itself); every other bot route is Guildhall's bot's alone. */
  customBots?: boolean;
  handle(request: ApiRequest, params: Params, auth: Auth): ApiResponse;
}

/** Resolves a guild the bot may read, or the error Discord gives. */
function botGuild(state: PlatformState, id: string): GuildRecord | ApiResponse {
  const guild = state.guild(id);
  if (!guild) return errors.unknownGuild();
  if (!state.botIn(guild)) return errors.missingAccess();
  return guild;
}

const isResponse = (value: GuildRecord | ApiResponse): value is ApiResponse => "status" in value;

const guildListQuery = z.object({
  before: snowflake.optional(),
  after: snowflake.optional(),
  limit: queryInt(1, 200, 200),
  with_counts: queryBoolean.default(false),
});

const guildQuery = z.object({ with_counts: queryBoolean.default(false) });
const memberListQuery = z.object({ limit: queryInt(1, 1000, 1), after: snowflake.default("0") });
const memberSearchQuery = z.object({ query: z.string().max(100), limit: queryInt(1, 1000, 1) });

function membersOf(state: PlatformState, guild: GuildRecord) {
  return [...guild.members.values()]
    .sort((a, b) => compareSnowflakes(a.user_id, b.user_id))
    .flatMap((record) => {
      const user = state.user(record.user_id);
      return user ? [{ record, user }] : [];
    });
}

const ROUTES: readonly Route[] = [
  {
    method: "GET",
    pattern: ["users", "@me"],
    auth: "any",
    scope: "identify",
    customBots: true,
    handle({ state }, _params, auth) {
      const user = state.user(auth.userId);
      return user ? errors.ok(serialize.currentUser(user, auth.kind === "bot" ? "bot" : auth.scopes)) : errors.unauthorized();
    },
  },
  {
    method: "GET",
    pattern: ["users", "@me", "guilds"],
    auth: "any",
    scope: "guilds",
    handle({ state, query }, _params, auth) {
      const parsed = parse(guildListQuery, query);
      if (!parsed.ok) return parsed.response;
      const { before, after, limit, with_counts } = parsed.data;
      let guilds = state.guildsOf(auth.userId);
      if (after !== undefined || before === undefined) {
        guilds = guilds.filter((guild) => compareSnowflakes(guild.id, after ?? "0") > 0);
        if (before !== undefined) guilds = guilds.filter((guild) => compareSnowflakes(guild.id, before) < 0);
        guilds = guilds.slice(0, limit);
      } else {
        guilds = guilds.filter((guild) => compareSnowflakes(guild.id, before) < 0).slice(-limit);
      }
      return errors.ok(
        guilds.map((guild) => serialize.partialGuild(guild, auth.userId, state.permissions(guild, auth.userId) ?? 0n, with_counts)),
      );
    },
  },
  {
    method: "GET",
    pattern: ["users", "@me", "guilds", ":guild", "member"],
    auth: "any",
    scope: "guilds.members.read",
    handle({ state }, params, auth) {
      const guild = state.guild(params.guild ?? "");
      const record = guild?.members.get(auth.userId);
      const user = state.user(auth.userId);
      // Discord answers "Unknown Guild" rather than revealing a guild the user is not in.
      if (!guild || !record || !user) return errors.unknownGuild();
      return errors.ok(serialize.member(record, user));
    },
  },
  {
    method: "GET",
    pattern: ["users", ":user"],
    auth: "bot",
    handle({ state }, params) {
      const user = state.user(params.user ?? "");
      return user ? errors.ok(serialize.publicUser(user)) : errors.unknownUser();
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild"],
    auth: "bot",
    handle({ state, query }, params) {
      const parsed = parse(guildQuery, query);
      if (!parsed.ok) return parsed.response;
      const guild = botGuild(state, params.guild ?? "");
      return isResponse(guild) ? guild : errors.ok(serialize.fullGuild(guild, parsed.data.with_counts));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "channels"],
    auth: "bot",
    handle({ state }, params) {
      const guild = botGuild(state, params.guild ?? "");
      return isResponse(guild) ? guild : errors.ok(guild.channels.map(serialize.channel));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "roles"],
    auth: "bot",
    handle({ state }, params) {
      const guild = botGuild(state, params.guild ?? "");
      return isResponse(guild) ? guild : errors.ok(serialize.sortedRoles(guild).map(serialize.role));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "emojis"],
    auth: "bot",
    handle({ state }, params, auth) {
      const guild = botGuild(state, params.guild ?? "");
      if (isResponse(guild)) return guild;
      const permissions = state.permissions(guild, auth.userId) ?? 0n;
      const seesUploaders = (permissions & (PERMISSIONS.ManageGuildExpressions | PERMISSIONS.CreateGuildExpressions)) !== 0n;
      return errors.ok(guild.emojis.map((record) => serialize.emoji(record, seesUploaders && record.user_id ? state.user(record.user_id) : undefined)));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "members", "search"],
    auth: "bot",
    handle({ state, query }, params) {
      const parsed = parse(memberSearchQuery, query);
      if (!parsed.ok) return parsed.response;
      const guild = botGuild(state, params.guild ?? "");
      if (isResponse(guild)) return guild;
      const needle = parsed.data.query.toLowerCase();
      const matches = membersOf(state, guild).filter(
        ({ record, user }) => user.username.toLowerCase().startsWith(needle) || (record.nick ?? "").toLowerCase().startsWith(needle),
      );
      return errors.ok(matches.slice(0, parsed.data.limit).map(({ record, user }) => serialize.member(record, user)));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "members"],
    auth: "bot",
    handle({ state, query }, params) {
      const parsed = parse(memberListQuery, query);
      if (!parsed.ok) return parsed.response;
      const guild = botGuild(state, params.guild ?? "");
      if (isResponse(guild)) return guild;
      const { after, limit } = parsed.data;
      const page = membersOf(state, guild).filter(({ record }) => compareSnowflakes(record.user_id, after) > 0);
      return errors.ok(page.slice(0, limit).map(({ record, user }) => serialize.member(record, user)));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "members", ":user"],
    auth: "bot",
    handle({ state }, params) {
      const guild = botGuild(state, params.guild ?? "");
      if (isResponse(guild)) return guild;
      const record = guild.members.get(params.user ?? "");
      const user = record && state.user(record.user_id);
      return record && user ? errors.ok(serialize.member(record, user)) : errors.unknownMember();
    },
  },
];

function match(pattern: readonly string[], segments: readonly string[]): Params | null {
  if (pattern.length !== segments.length) return null;
  const params: Params = {};
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    const actual = segments[i] as string;
    if (expected.startsWith(":")) params[expected.slice(1)] = actual;
    else if (expected !== actual) return null;
  }
  return params;
}

/** Literal segments win over parameters ("members/search" before "members/:user"). */
function specificity(route: Route): number {
  return route.pattern.filter((segment) => !segment.startsWith(":")).length;
}

/** Path parameters that are not ids (so not checked to be snowflakes). */
const NON_ID_PARAMS: ReadonlySet<string> = new Set(["emoji", "code"]);

const BY_SPECIFICITY = [...ROUTES, ...MESSAGE_ROUTES, ...GUILD_EDIT_ROUTES, ...MODERATION_ROUTES, ...DIRECT_MESSAGE_ROUTES, ...APPLICATION_ROUTES, ...EMOJI_ROUTES, ...WEBHOOK_ROUTES, ...INVITE_ROUTES].sort((a, b) => specificity(b) - specificity(a));

export function dispatchApi(path: string, request: ApiRequest): ApiResponse {
  let segments: string[];
  try {
    segments = path.split("/").filter(Boolean).map((segment) => decodeURIComponent(segment));
  } catch {
    return errors.notFound();
  }
  const candidates = BY_SPECIFICITY.map((route) => ({ route, params: match(route.pattern, segments) })).filter(
    (candidate): candidate is { route: Route; params: Params } => candidate.params !== null,
  );
  if (candidates.length === 0) return errors.notFound();
  const found = candidates.find((candidate) => candidate.route.method === request.method);
  if (!found) return errors.methodNotAllowed();
  const { route, params } = found;

  const auth = request.auth;
  if (!auth) return errors.unauthorized();
  if (route.auth === "bot" && auth.kind !== "bot") return errors.unauthorized();
  if (route.auth === "user" && auth.kind !== "user") return errors.unauthorized();
  if (auth.kind === "user" && route.scope && !auth.scopes.includes(route.scope)) return errors.unauthorized();
  // A custom bot here is in none of the guilds Guildhall reads: only what it asks about itself is answered.
  if (auth.kind === "bot" && auth.userId !== BOT_USER_ID && !route.customBots) return errors.missingAccess();

  for (const [name, value] of Object.entries(params)) {
    if (NON_ID_PARAMS.has(name)) continue;
    const checked = parse(snowflake, value);
    if (!checked.ok) {
      const body = checked.response.body as { errors: unknown };
      return { status: 400, body: { message: "Invalid Form Body", code: 50035, errors: { [`${name}_id`]: body.errors } } };
    }
  }
  let body: unknown;
  if (route.method !== "GET" && route.method !== "DELETE" && request.rawBody !== undefined) {
    try {
      body = request.rawBody.trim() === "" ? {} : (JSON.parse(request.rawBody) as unknown);
    } catch {
      return errors.invalidJson();
    }
  }
  return route.handle({ ...request, body }, params, auth);
}
