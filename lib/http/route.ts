import "server-only";
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { cookieName, unseal } from "@/lib/session/cookie";
import { SESSION_COOKIE, type Session } from "@/lib/session/session-cookie";
import { ApiError, validationError } from "./api-error";
import { assertCsrf, isMutating } from "./csrf";
import { toApiError } from "./to-api-error";

// The one wrapper every /api handler goes through: CSRF on writes, session,
// zod parsing of path, query and body, and the error envelope.

const MAX_BODY_BYTES = 1_000_000;

type Segments = { params: Promise<Record<string, string | string[] | undefined>> };

type Schemas<P, Q, B> = {
  params?: z.ZodType<P>;
  query?: z.ZodType<Q>;
  body?: z.ZodType<B>;
};

export type RouteContext<P, Q, B, S> = {
  req: NextRequest;
  params: P;
  query: Q;
  body: B;
  session: S;
};

type Handler<P, Q, B, S> = (ctx: RouteContext<P, Q, B, S>) => Promise<Response | object>;

/** A handler open to anonymous visitors (login, public lookups). */
export function publicRoute<P = unknown, Q = unknown, B = unknown>(schemas: Schemas<P, Q, B>, handler: Handler<P, Q, B, Session | null>) {
  return wrap(schemas, false, handler);
}

/** A handler that needs a signed-in user: 401 otherwise. */
export function userRoute<P = unknown, Q = unknown, B = unknown>(schemas: Schemas<P, Q, B>, handler: Handler<P, Q, B, Session>) {
  return wrap(schemas, true, handler as Handler<P, Q, B, Session | null>);
}

function wrap<P, Q, B>(schemas: Schemas<P, Q, B>, requireUser: boolean, handler: Handler<P, Q, B, Session | null>) {
  return async (req: NextRequest, segments: Segments): Promise<Response> => {
    try {
      if (isMutating(req.method)) assertCsrf(req);
      const session = await unseal(SESSION_COOKIE, req.cookies.get(cookieName(SESSION_COOKIE))?.value);
      if (requireUser && !session) throw new ApiError(401, "unauthorized", "You need to sign in.");
      const params = parse(schemas.params, (await segments?.params) ?? {}, "params");
      const query = parse(schemas.query, Object.fromEntries(req.nextUrl.searchParams), "query");
      const body = schemas.body ? parse(schemas.body, await readJson(req), "body") : (undefined as B);
      const result = await handler({ req, params, query, body, session });
      return result instanceof Response ? result : NextResponse.json(result);
    } catch (error) {
      const apiError = toApiError(error);
      return NextResponse.json(apiError.toBody(), { status: apiError.status, headers: retryHeaders(apiError) });
    }
  };
}

function parse<T>(schema: z.ZodType<T> | undefined, input: unknown, where: "body" | "query" | "params"): T {
  if (!schema) return input as T;
  const result = schema.safeParse(input);
  if (!result.success) throw validationError(result.error, where);
  return result.data;
}

async function readJson(req: NextRequest): Promise<unknown> {
  const length = Number(req.headers.get("content-length") ?? "0");
  if (length > MAX_BODY_BYTES) throw new ApiError(413, "payload_too_large", "The request body is too large.");
  const text = await req.text();
  if (text.length > MAX_BODY_BYTES) throw new ApiError(413, "payload_too_large", "The request body is too large.");
  if (text.trim() === "") return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ApiError(400, "invalid_json", "The request body is not valid JSON.");
  }
}

function retryHeaders(error: ApiError): HeadersInit | undefined {
  return error.status === 429 ? { "Retry-After": "5" } : undefined;
}
