import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { collectingAudits } from "@/lib/audit/collect";
import { getDb, type Db } from "@/lib/db/client";
import { REQUEST_ID_HEADER, requestIdOf } from "@/lib/error-reporting/request-id";
import { reportApiFailure } from "@/lib/error-reporting/server";
import { requireGuildAccess, type GuildAccess } from "@/lib/guilds/access";
import { announceGuildChanges } from "@/lib/notifications/teammate-changes";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { AUDIT_LOG_AREA } from "@/lib/guilds/page-cache-tag";
import { cookieName } from "@/lib/session/cookie";
import { SESSION_COOKIE, type Session } from "@/lib/session/session-cookie";
import { readSession } from "@/lib/session/store";
import { requireStaff } from "@/lib/staff/access";
import { ApiError, validationError } from "./api-error";
import { assertBudget, payerOf, type Spend } from "./budgets";
import { assertCsrf, assertSameOrigin, isMutating } from "./csrf";
import { apiLocale } from "./api-locale";
import { errorResponse } from "./error-response";
import { readJsonBody } from "./read-body";
import { toApiError } from "./to-api-error";

// The one pipeline every /api handler goes through: CSRF on writes, session,
// guild permission, budgets (lib/http/budgets.ts), zod parsing of path, query and
// body, the error envelope, and no-store on its answers. Route files use publicRoute /
// userRoute / guildRoute; the plugin catch-all runs its matched endpoint through runGuildEndpoint.

export type RawParams = Record<string, string | string[] | undefined>;
type Segments = { params: Promise<RawParams> };

export type Schemas<P, Q, B> = {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
  /** What one call spends besides the general reads/writes budget (lib/http/budgets.ts). */
  budget?: Spend;
  /** "origin": a write checked by its Origin only (csrf.ts, assertSameOrigin); the token is checked otherwise. */
  csrf?: "origin";
};

export type RouteContext<P, Q, B, S> = { req: NextRequest; params: P; query: Q; body: B; session: S };
export type GuildContext<P, Q, B> = RouteContext<P, Q, B, Session> & {
  access: GuildAccess;
  db: Db;
  /**
   * Says the write changed only what these areas of the guild's pages show (a plugin's page: its
   * id; lib/guilds/page-cache-tag.ts), and the audit log: only their cached pages are expired.
   * A write that does not say so expires every page of the guild.
   */
  changesOnlyPagesOf: (...areas: string[]) => void;
};

type Handler<C> = (ctx: C) => Promise<Response | object>;

/** A handler open to anonymous visitors (login, public lookups). */
export function publicRoute<P = unknown, Q = unknown, B = unknown>(schemas: Schemas<P, Q, B>, handler: Handler<RouteContext<P, Q, B, Session | null>>) {
  return (req: NextRequest, segments: Segments) => respond(req, async () => handler(await prepare(req, await segments?.params, schemas, "public")));
}

/** A handler that needs a signed-in user: 401 otherwise. */
export function userRoute<P = unknown, Q = unknown, B = unknown>(schemas: Schemas<P, Q, B>, handler: Handler<RouteContext<P, Q, B, Session>>) {
  return (req: NextRequest, segments: Segments) =>
    respond(req, async () => handler((await prepare(req, await segments?.params, schemas, "user")) as RouteContext<P, Q, B, Session>));
}

/**
 * A handler of the staff tools (lib/staff/): anyone but staff, signed in or not, gets 404
 * `not_found` before anything of the request is read, as if the route did not exist.
 */
export function staffRoute<P = unknown, Q = unknown, B = unknown>(schemas: Schemas<P, Q, B>, handler: Handler<RouteContext<P, Q, B, Session>>) {
  return (req: NextRequest, segments: Segments) =>
    respond(req, async () => {
      const context = (await prepare(req, await segments?.params, schemas, "staff")) as RouteContext<P, Q, B, Session>;
      // Staff spend their reads and writes as every manager does (a leaked staff session is throttled too).
      await assertBudget(payerOf(context.session.userId, req.headers), isMutating(req.method) ? "writes" : "reads");
      return handler(context);
    });
}

export type GuildEndpoint<P extends { guildId: string }, Q, B> = Schemas<P, Q, B> & {
  params: z.ZodType<P>;
  handler: Handler<GuildContext<P, Q, B>>;
  /** The write changes nothing a guild page shows (the music player's state): its cached pages are kept. */
  keepsPages?: boolean;
};

/** A handler on one guild: the user must be allowed to manage it (spec 5), checked before anything else runs. */
export function guildRoute<P extends { guildId: string }, Q = unknown, B = unknown>(
  schemas: Schemas<P, Q, B> & { params: z.ZodType<P> },
  handler: Handler<GuildContext<P, Q, B>>,
) {
  return async (req: NextRequest, segments: Segments) => runGuildEndpoint(req, (await segments?.params) ?? {}, { ...schemas, handler });
}

export function runGuildEndpoint<P extends { guildId: string }, Q, B>(req: NextRequest, rawParams: RawParams, endpoint: GuildEndpoint<P, Q, B>): Promise<Response> {
  return respond(req, async () => {
    const base = (await prepare(req, rawParams, { params: endpoint.params, budget: endpoint.budget }, "user")) as RouteContext<P, unknown, unknown, Session>;
    await assertBudget(payerOf(base.session.userId, req.headers), isMutating(req.method) ? "writes" : "reads");
    const db = await getDb();
    const access = await requireGuildAccess(db, base.session, base.params.guildId);
    // Query and body are read only once the caller is known to manage the guild.
    const query = parseInput(endpoint.query, Object.fromEntries(req.nextUrl.searchParams), "query");
    const body = endpoint.body ? parseInput(endpoint.body, await readJsonBody(req), "body") : (undefined as B);
    let areas: string[] | undefined;
    const changesOnlyPagesOf = (...changed: string[]) => void (areas = [...new Set([...(areas ?? []), ...changed, AUDIT_LOG_AREA])]);
    const { result, audits } = await collectingAudits(() => endpoint.handler({ ...base, query, body, access, db, changesOnlyPagesOf }));
    if (isMutating(req.method) && !endpoint.keepsPages) expireGuildPages(base.params.guildId, areas);
    // The guild's open tabs (a reload prompt instead of a later 412) and its other managers hear of the change.
    if (audits.length > 0) await announceGuildChanges(db, audits);
    return result;
  });
}

async function prepare<P, Q, B>(req: NextRequest, rawParams: RawParams | undefined, schemas: Schemas<P, Q, B>, mode: "public" | "user" | "staff") {
  if (isMutating(req.method)) (schemas.csrf === "origin" ? assertSameOrigin : assertCsrf)(req);
  const session = await readSession(req.cookies.get(cookieName(SESSION_COOKIE))?.value);
  if (mode === "user" && !session) throw new ApiError(401, "unauthorized", "You need to sign in.");
  if (mode === "staff") await requireStaff(await getDb(), session);
  // Before any parsing or body reading: a refused call costs next to nothing.
  if (schemas.budget) await assertBudget(payerOf(session?.userId, req.headers), schemas.budget);
  const params = parseInput(schemas.params, rawParams ?? {}, "params");
  const query = parseInput(schemas.query, Object.fromEntries(req.nextUrl.searchParams), "query");
  const body = schemas.body ? parseInput(schemas.body, await readJsonBody(req), "body") : (undefined as B);
  return { req, params, query, body, session };
}

/** Runs a handler: its object answered as JSON, anything thrown as the envelope (toApiError), no-store unless it chose. Also the bot API's (lib/bot-contract/route.ts). */
export async function respond(req: NextRequest, run: () => Promise<Response | object>): Promise<Response> {
  try {
    const result = await run();
    const response = result instanceof Response ? result : NextResponse.json(result);
    // API answers are per caller: no-store unless the handler chose (uploads are immutable on purpose).
    if (!response.headers.has("Cache-Control")) response.headers.set("Cache-Control", "no-store");
    return response;
  } catch (error) {
    const locale = apiLocale(req);
    const apiError = toApiError(error, locale);
    if (apiError.status < 500) return errorResponse(apiError, undefined, locale);
    // A 5xx is ours to look into: reported (when configured) under the id the answer carries.
    reportApiFailure(req, error);
    return errorResponse(apiError, { [REQUEST_ID_HEADER]: requestIdOf(req.headers) }, locale);
  }
}

/** Input parsed by its schema (none: taken as it is), or a 400 naming its fields. */
export function parseInput<T>(schema: z.ZodType<T> | undefined, input: unknown, where: "body" | "query" | "params"): T {
  if (!schema) return input as T;
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}
