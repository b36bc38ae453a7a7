import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { getDb, type Db } from "@/lib/db/client";
import { requireGuildAccess, type GuildAccess } from "@/lib/guilds/access";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { cookieName, unseal } from "@/lib/session/cookie";
import { SESSION_COOKIE, type Session } from "@/lib/session/session-cookie";
import { ApiError, validationError } from "./api-error";
import { assertCsrf, isMutating } from "./csrf";
import { assertWithinRateLimit } from "./rate-limit";
import { readJsonBody } from "./read-body";
import { toApiError } from "./to-api-error";

// The one pipeline every /api handler goes through: CSRF on writes, session,
// guild permission, per-user rate limit, zod parsing of path, query and body,
// and the error envelope. Route files use publicRoute / userRoute / guildRoute;
// the plugin catch-all runs its matched endpoint through runGuildEndpoint.

export type RawParams = Record<string, string | string[] | undefined>;
type Segments = { params: Promise<RawParams> };

export type Schemas<P, Q, B> = {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
};

export type RouteContext<P, Q, B, S> = { req: NextRequest; params: P; query: Q; body: B; session: S };
export type GuildContext<P, Q, B> = RouteContext<P, Q, B, Session> & { access: GuildAccess; db: Db };

type Handler<C> = (ctx: C) => Promise<Response | object>;

/** A handler open to anonymous visitors (login, public lookups). */
export function publicRoute<P = unknown, Q = unknown, B = unknown>(schemas: Schemas<P, Q, B>, handler: Handler<RouteContext<P, Q, B, Session | null>>) {
  return (req: NextRequest, segments: Segments) => respond(async () => handler(await prepare(req, await segments?.params, schemas, "public")));
}

/** A handler that needs a signed-in user: 401 otherwise. */
export function userRoute<P = unknown, Q = unknown, B = unknown>(schemas: Schemas<P, Q, B>, handler: Handler<RouteContext<P, Q, B, Session>>) {
  return (req: NextRequest, segments: Segments) =>
    respond(async () => handler((await prepare(req, await segments?.params, schemas, "user")) as RouteContext<P, Q, B, Session>));
}

export type GuildEndpoint<P extends { guildId: string }, Q, B> = Schemas<P, Q, B> & {
  params: z.ZodType<P>;
  handler: Handler<GuildContext<P, Q, B>>;
};

/** A handler on one guild: the user must be allowed to manage it (spec 5), checked before anything else runs. */
export function guildRoute<P extends { guildId: string }, Q = unknown, B = unknown>(
  schemas: Schemas<P, Q, B> & { params: z.ZodType<P> },
  handler: Handler<GuildContext<P, Q, B>>,
) {
  return async (req: NextRequest, segments: Segments) => runGuildEndpoint(req, (await segments?.params) ?? {}, { ...schemas, handler });
}

export function runGuildEndpoint<P extends { guildId: string }, Q, B>(req: NextRequest, rawParams: RawParams, endpoint: GuildEndpoint<P, Q, B>): Promise<Response> {
  return respond(async () => {
    const base = (await prepare(req, rawParams, { params: endpoint.params }, "user")) as RouteContext<P, unknown, unknown, Session>;
    assertWithinRateLimit(base.session.userId, isMutating(req.method) ? "write" : "read");
    const db = await getDb();
    const access = await requireGuildAccess(db, base.session, base.params.guildId);
    // Query and body are read only once the caller is known to manage the guild.
    const query = parse(endpoint.query, Object.fromEntries(req.nextUrl.searchParams), "query");
    const body = endpoint.body ? parse(endpoint.body, await readJsonBody(req), "body") : (undefined as B);
    const result = await endpoint.handler({ ...base, query, body, access, db });
    if (isMutating(req.method)) expireGuildPages(base.params.guildId);
    return result;
  });
}

async function prepare<P, Q, B>(req: NextRequest, rawParams: RawParams | undefined, schemas: Schemas<P, Q, B>, mode: "public" | "user") {
  if (isMutating(req.method)) assertCsrf(req);
  const session = await unseal(SESSION_COOKIE, req.cookies.get(cookieName(SESSION_COOKIE))?.value);
  if (mode === "user" && !session) throw new ApiError(401, "unauthorized", "You need to sign in.");
  const params = parse(schemas.params, rawParams ?? {}, "params");
  const query = parse(schemas.query, Object.fromEntries(req.nextUrl.searchParams), "query");
  const body = schemas.body ? parse(schemas.body, await readJsonBody(req), "body") : (undefined as B);
  return { req, params, query, body, session };
}

async function respond(run: () => Promise<Response | object>): Promise<Response> {
  try {
    const result = await run();
    return result instanceof Response ? result : NextResponse.json(result);
  } catch (error) {
    const apiError = toApiError(error);
    const headers = apiError.status === 429 ? { "Retry-After": String(apiError.retryAfter ?? 5) } : undefined;
    return NextResponse.json(apiError.toBody(), { status: apiError.status, headers });
  }
}

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, where: "body" | "query" | "params"): T {
  if (!schema) return input as T;
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}
