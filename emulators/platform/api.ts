import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import { dispatchApi, type Auth } from "./api-routes";
import { resourceKey, routeKey } from "./calls";
import type { EmulatorContext } from "./context";
import { DEFAULT_RETRY_AFTER_SECONDS } from "./faults";
import { HttpError, readBody, readForm, searchParamsObject, sendEmpty, sendJson } from "./http";
import { handleRevoke, handleToken } from "./oauth";
import { tooManyRequests } from "./rate-limit";
import type { PlatformState } from "./state";

// Everything under /api: count the call, apply an injected fault, spend the
// rate-limit bucket, then answer. Every answer carries the bucket headers.

const API_PATH = /^\/api\/v(?:9|10)(\/.*)?$/;
const BODY_METHODS: ReadonlySet<string> = new Set(["POST", "PATCH", "PUT"]);
const AVATAR_BODY_BYTES = 14 * 1024 * 1024;
/** Routes whose body may hold an avatar. */
const AVATAR_PATHS = /^\/(users\/@me|webhooks\/\d+|channels\/\d+\/webhooks)$/;

export function resolveAuth(header: string | undefined, state: PlatformState): Auth | null {
  const match = /^(Bot|Bearer)\s+(\S+)\s*$/i.exec(header ?? "");
  if (!match) return null;
  const [, kind, token] = match as unknown as [string, string, string];
  if (kind.toLowerCase() === "bot") {
    // Guildhall's token, or a custom bot's as it is now (a reset token is refused).
    const application = state.applicationOfToken(token);
    return application ? { kind: "bot", userId: application.id } : null;
  }
  const grant = state.tokens.lookup(token, state.now());
  return grant ? { kind: "user", userId: grant.userId, scopes: grant.scopes } : null;
}

/** Buckets belong to a credential; anonymous calls share one per address. */
function identityOf(req: IncomingMessage): string {
  const authorization = req.headers.authorization;
  if (authorization) return createHash("sha256").update(authorization).digest("base64url");
  return `address:${req.socket.remoteAddress ?? "unknown"}`;
}

/** The platform keeps at most 512 characters of an audit log reason; a header that is not valid URL encoding is kept as sent. */
function auditReason(header: string | string[] | undefined): { auditReason?: string } {
  const raw = Array.isArray(header) ? header[0] : header;
  if (!raw) return {};
  let decoded = raw;
  try {
    decoded = decodeURIComponent(raw);
  } catch {
    // kept as sent
  }
  return { auditReason: decoded.slice(0, 512) };
}

async function answer(req: IncomingMessage, method: string, path: string, url: URL, context: EmulatorContext): Promise<ApiResponse> {
  const { state } = context;
  if (path === "/oauth2/token" || path === "/oauth2/token/revoke") {
    if (method !== "POST") return errors.methodNotAllowed();
    const form = await readForm(req);
    return path === "/oauth2/token"
      ? handleToken(state, req.headers.authorization, form)
      : handleRevoke(state, req.headers.authorization, form);
  }
  return dispatchApi(path, {
    method,
    query: searchParamsObject(url.searchParams),
    auth: resolveAuth(req.headers.authorization, state),
    state,
    origin: `http://${req.headers.host ?? "127.0.0.1"}`,
    // Parsed as JSON by dispatchApi once a route that takes a body matched; an avatar is a data URI of up to 10 MB.
    ...(BODY_METHODS.has(method) ? { rawBody: await readBody(req, AVATAR_PATHS.test(path) ? AVATAR_BODY_BYTES : undefined) } : {}),
    ...auditReason(req.headers["x-audit-log-reason"]),
  });
}

export async function handleApi(req: IncomingMessage, res: ServerResponse, url: URL, context: EmulatorContext): Promise<void> {
  const method = (req.method ?? "GET").toUpperCase();
  const match = API_PATH.exec(url.pathname);
  const path = match ? (match[1] ?? "/") : url.pathname.replace(/^\/api/, "") || "/";
  const template = routeKey(method, path);
  context.calls.record(template, resourceKey(method, path, req.headers.authorization));
  const identity = identityOf(req);

  const fault = context.faults.take(method, path, template);
  if (fault?.delay_ms) await context.sleep(fault.delay_ms);
  if (res.destroyed) return;
  if (fault && fault.status === 429) {
    const retryAfter = fault.retry_after ?? DEFAULT_RETRY_AFTER_SECONDS;
    const bucket = context.limiter.peek(template, identity, Date.now());
    const limited = tooManyRequests(retryAfter, fault.global ?? false, {
      ...bucket,
      "X-RateLimit-Remaining": "0",
      "X-RateLimit-Reset": ((Date.now() + retryAfter * 1000) / 1000).toFixed(3),
      "X-RateLimit-Reset-After": retryAfter.toFixed(3),
    });
    return sendJson(res, 429, limited.body, limited.headers);
  }
  if (fault && fault.status !== 200) {
    const failure = fault.status === 403 ? errors.missingPermissions() : errors.serverError(fault.status);
    return sendJson(res, failure.status, failure.body, context.limiter.peek(template, identity, Date.now()));
  }

  const decision = context.limiter.consume(template, identity, Date.now());
  if (decision.limited) {
    const limited = tooManyRequests(decision.retryAfter, false, decision.headers);
    return sendJson(res, 429, limited.body, limited.headers);
  }

  let response: ApiResponse;
  if (!match) {
    response = errors.notFound();
  } else {
    try {
      response = await answer(req, method, path, url, context);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      response = { status: error.status, body: { message: error.message, code: 0 } };
    }
  }
  const headers = { ...decision.headers, ...response.headers };
  // Done, but the answer is late: what a client sees when it dies (or times out) after the platform acted.
  if (fault?.answer_delay_ms) await context.sleep(fault.answer_delay_ms);
  if (res.destroyed) return;
  if (response.status === 204) return sendEmpty(res, 204, headers);
  sendJson(res, response.status, response.body, headers);
}
