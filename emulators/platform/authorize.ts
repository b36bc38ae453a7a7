import type { IncomingMessage, ServerResponse } from "node:http";

import type { OAuth2Scopes } from "discord-api-types/v10";
import { z } from "zod";

import type { EmulatorContext } from "./context";
import { parseCookies, readForm, redirect, searchParamsObject, sendHtml } from "./http";
import type { ApplicationRecord, UserRecord } from "./model";
import { permissionNames } from "./permissions";
import { renderAuthorizePage, renderErrorPage, type PageBot } from "./authorize-page";
import { snowflake } from "./validation";

// GET/POST /oauth2/authorize: the consent screen, the bot-add flow and the
// emulator_user + emulator_auto shortcut that lets tests skip the page. The application is
// Guildhall, or one of the demo users' own (a custom bot, data/applications.ts) being added to
// a server.

const USER_COOKIE = "emu_user";

const KNOWN_SCOPES = [
  "activities.read", "activities.write", "applications.builds.read", "applications.builds.upload",
  "applications.commands", "applications.commands.permissions.update", "applications.commands.update",
  "applications.entitlements", "applications.store.update", "bot", "connections", "dm_channels.read", "email",
  "gdm.join", "guilds", "guilds.join", "guilds.members.read", "identify", "identify.premium", "messages.read",
  "relationships.read", "role_connections.write", "rpc", "rpc.activities.write", "rpc.notifications.read",
  "rpc.voice.read", "rpc.voice.write", "voice", "webhook.incoming",
] as const satisfies readonly `${OAuth2Scopes}`[];

const paramsSchema = z.object({
  client_id: z.string().max(100).optional(),
  redirect_uri: z.string().max(2048).optional(),
  response_type: z.string().max(100).optional(),
  scope: z.string().max(2000).optional(),
  state: z.string().max(4096).optional(),
  prompt: z.enum(["consent", "none"]).optional(),
  permissions: z.string().regex(/^\d{1,20}$/, "must be a permission integer").optional(),
  guild_id: snowflake.optional(),
  disable_guild_select: z.enum(["true", "false"]).optional(),
  integration_type: z.enum(["0", "1"]).optional(),
  emulator_user: z.string().max(30).optional(),
  emulator_auto: z.string().max(10).optional(),
});

type Params = z.output<typeof paramsSchema>;

/** Carried through the page as hidden inputs (guild_id travels separately). */
const ECHOED_PARAMS = [
  "client_id", "redirect_uri", "response_type", "scope", "state", "prompt", "permissions", "disable_guild_select", "integration_type",
] as const;

interface AuthorizeRequest {
  application: ApplicationRecord;
  params: Params;
  redirectUri: URL;
  scopes: string[];
  bot: boolean;
}

type Parsed = { ok: true; request: AuthorizeRequest } | { ok: false; title: string; message: string };

const fail = (title: string, message: string): Parsed => ({ ok: false, title, message });

function parseRequest(input: Record<string, string>, context: EmulatorContext): Parsed {
  // Empty form fields mean "not given" (state excepted: it is echoed verbatim).
  const given = Object.fromEntries(Object.entries(input).filter(([key, value]) => value !== "" || key === "state"));
  const result = paramsSchema.safeParse(given);
  if (!result.success) {
    const issue = result.error.issues[0];
    return fail("Invalid request", `${issue?.path.join(".") ?? "request"}: ${issue?.message ?? "invalid"}`);
  }
  const params = result.data;
  const application = params.client_id ? context.state.application(params.client_id) : undefined;
  if (!application) return fail("Unknown Application", "The client_id in this link does not belong to any application.");
  let redirectUri: URL;
  try {
    redirectUri = new URL(params.redirect_uri ?? "");
  } catch {
    return fail("Invalid OAuth2 redirect_uri", "This link has a missing or malformed redirect_uri.");
  }
  if (redirectUri.protocol !== "http:" && redirectUri.protocol !== "https:") {
    return fail("Invalid OAuth2 redirect_uri", "The redirect_uri must be an http or https URL.");
  }
  if (params.response_type !== undefined && params.response_type !== "code") {
    return fail("Unsupported response_type", `The emulator only supports response_type=code, not "${params.response_type}".`);
  }
  const scopes = [...new Set((params.scope ?? "").split(/\s+/).filter(Boolean))];
  const unknown = scopes.filter((scope) => !(KNOWN_SCOPES as readonly string[]).includes(scope));
  if (scopes.length === 0) return fail("Invalid scope", "This link does not request any scope.");
  if (unknown.length > 0) return fail("Invalid scope", `Unknown scope: ${unknown.join(", ")}.`);
  return { ok: true, request: { application, params, redirectUri, scopes, bot: scopes.includes("bot") } };
}

function withQuery(base: URL, entries: [string, string | undefined][]): string {
  const url = new URL(base);
  for (const [key, value] of entries) if (value !== undefined) url.searchParams.set(key, value);
  return url.toString();
}

function avatarUrl(user: UserRecord): string {
  if (user.avatar) return `/cdn/avatars/${user.id}/${user.avatar}.png?size=64`;
  return `/cdn/embed/avatars/${Number((BigInt(user.id) >> 22n) % 6n)}.png`;
}

const userCookie = (userId: string) => `${USER_COOKIE}=${encodeURIComponent(userId)}; Path=/oauth2; Max-Age=31536000; HttpOnly; SameSite=Lax`;

function sendError(res: ServerResponse, status: number, title: string, message: string): void {
  sendHtml(res, status, renderErrorPage(title, message));
}

/** The user the page preselects: explicit choice, then the cookie, then Ada. */
function selectedUser(context: EmulatorContext, params: Params, cookie: string | undefined): UserRecord {
  const demo = context.state.demoUsers();
  for (const id of [params.emulator_user, cookie]) {
    const user = id ? context.state.user(id) : undefined;
    if (user && !user.bot) return user;
  }
  return demo[0] as UserRecord;
}

/** Issues the code (adding the bot first in the bot flow) and redirects back. */
function approve(res: ServerResponse, context: EmulatorContext, request: AuthorizeRequest, user: UserRecord, guildId: string | undefined): void {
  const { state } = context;
  const { application, params, redirectUri, scopes } = request;
  let permissions: string | undefined;
  if (request.bot) {
    const guild = guildId ? state.guild(guildId) : undefined;
    if (!guildId) return sendError(res, 400, "Choose a server", `Pick the server to add ${application.name} to.`);
    if (!guild) return sendError(res, 400, "Unknown server", `There is no server with id ${guildId}.`);
    if (!state.canManage(guild, user.id)) {
      return sendError(res, 403, "Missing permissions", `${user.global_name ?? user.username} needs Manage Server in ${guild.name} to add ${application.name}.`);
    }
    permissions = params.permissions ?? "0";
    state.addBot(guild, BigInt(permissions), application.id);
  }
  const code = state.tokens.createCode(
    { clientId: application.id, userId: user.id, scopes, ...(request.bot && guildId ? { guildId } : {}) },
    params.redirect_uri as string,
    state.now(),
  );
  const location = withQuery(redirectUri, [
    ["code", code],
    ["state", params.state],
    ["guild_id", request.bot ? guildId : undefined],
    ["permissions", permissions],
  ]);
  redirect(res, location, { "Set-Cookie": userCookie(user.id) });
}

function cancel(res: ServerResponse, request: AuthorizeRequest): void {
  redirect(
    res,
    withQuery(request.redirectUri, [
      ["error", "access_denied"],
      ["error_description", "The resource owner or authorization server denied the request"],
      ["state", request.params.state],
    ]),
  );
}

function botModel(context: EmulatorContext, request: AuthorizeRequest, user: UserRecord): PageBot {
  const { state } = context;
  const locked = request.params.disable_guild_select === "true" && request.params.guild_id !== undefined;
  const manageable = state.manageableGuilds(user.id).map((guild) => ({ id: guild.id, name: guild.name }));
  const wantedId = request.params.guild_id;
  const wanted = wantedId ? state.guild(wantedId) : undefined;
  let warning: string | undefined;
  if (wantedId && !manageable.some((guild) => guild.id === wantedId)) {
    warning = wanted ? `You need Manage Server in ${wanted.name} to add ${request.application.name} there.` : `Server ${wantedId} does not exist.`;
  }
  // A locked select shows just the server it is locked to, as on Discord.
  const guilds = locked && wantedId ? [{ id: wantedId, name: wanted?.name ?? `Unknown server (${wantedId})` }] : manageable;
  return {
    guilds,
    selectedGuildId: request.params.guild_id,
    locked,
    permissions: permissionNames(BigInt(request.params.permissions ?? "0")),
    warning,
  };
}

export function handleAuthorizeGet(req: IncomingMessage, res: ServerResponse, url: URL, context: EmulatorContext): void {
  const parsed = parseRequest(searchParamsObject(url.searchParams), context);
  if (!parsed.ok) return sendError(res, 400, parsed.title, parsed.message);
  const { request } = parsed;
  const { params } = request;
  const cookie = parseCookies(req.headers.cookie)[USER_COOKIE];

  if (params.emulator_auto === "1") {
    const user = params.emulator_user ? context.state.user(params.emulator_user) : selectedUser(context, params, cookie);
    if (!user || user.bot) return sendError(res, 400, "Unknown user", `emulator_user ${params.emulator_user ?? ""} is not a user.`);
    return approve(res, context, request, user, params.guild_id);
  }

  const user = selectedUser(context, params, cookie);
  // Like Discord, prompt=none skips the screen for a user who already consented.
  const consented = context.state.tokens.hasConsent(user.id, request.application.id, request.scopes);
  if (params.prompt === "none" && !request.bot && cookie === user.id && consented) {
    return approve(res, context, request, user, undefined);
  }

  const hidden: Record<string, string> = {};
  for (const key of ECHOED_PARAMS) {
    const value = params[key];
    if (value !== undefined) hidden[key] = value;
  }
  const users = context.state.demoUsers();
  if (!users.some((candidate) => candidate.id === user.id)) users.unshift(user);
  sendHtml(
    res,
    200,
    renderAuthorizePage({
      appName: request.application.name,
      hidden,
      scopes: request.scopes,
      users: users.map((candidate) => ({
        id: candidate.id,
        label: `${candidate.global_name ?? candidate.username} (${candidate.username})`,
        avatarUrl: avatarUrl(candidate),
      })),
      selectedUserId: user.id,
      bot: request.bot ? botModel(context, request, user) : undefined,
    }),
  );
}

export async function handleAuthorizePost(req: IncomingMessage, res: ServerResponse, context: EmulatorContext): Promise<void> {
  const form = await readForm(req);
  const fields = searchParamsObject(form);
  const { user: userId, action, ...rest } = fields;
  const parsed = parseRequest(rest, context);
  if (!parsed.ok) return sendError(res, 400, parsed.title, parsed.message);
  if (action === "cancel") return cancel(res, parsed.request);
  if (action !== "authorize") return sendError(res, 400, "Invalid request", 'action must be "authorize" or "cancel".');
  const user = userId ? context.state.user(userId) : undefined;
  if (!user || user.bot) return sendError(res, 400, "Choose an account", "Pick the account to authorize with.");
  approve(res, context, parsed.request, user, parsed.request.params.guild_id);
}
