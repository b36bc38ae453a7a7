import "server-only";
import * as Sentry from "@sentry/nextjs";
import { getEnv } from "@/lib/env";
import { sessionIdOf } from "@/lib/http/session-id";
import { requestIdOf } from "./request-id";
import { sentryOptions } from "./options";

// Error reporting on the server (spec 8, 9): Sentry in staging and production when SENTRY_DSN
// is set (getEnv().errorReporting), else nothing. instrumentation.ts starts it; API 5xx are
// reported by the route pipeline (reportApiFailure), render errors by Next's onRequestError.

let started = false;

/** Starts Sentry once, when configured; false when reporting is off. */
export function startServerReporting(): boolean {
  const settings = getEnv().errorReporting;
  if (!settings) return false;
  if (!started) Sentry.init(sentryOptions(settings));
  started = true;
  return true;
}

/** The guild a path names (/api/guilds/{id}/…, /plugins/x/guilds/{id}/…, /{locale}/dashboard/{id}/…). */
export function guildIdOfPath(path: string): string | undefined {
  return /\/(?:guilds|dashboard)\/(\d{17,20})(?:\/|$|\?)/.exec(path)?.[1];
}

type Where = { route: string; path: string; headers: Headers; kind: "api" | "render" };

function report(error: unknown, where: Where): void {
  if (!startServerReporting()) return;
  Sentry.withScope((scope) => {
    scope.setTag("route", where.route);
    scope.setTag("kind", where.kind);
    scope.setTag("request_id", requestIdOf(where.headers));
    const guildId = guildIdOfPath(where.path);
    if (guildId) scope.setTag("guild_id", guildId);
    const sessionId = sessionIdOf(where.headers);
    if (sessionId !== undefined) scope.setTag("session_id", String(sessionId));
    Sentry.captureException(error);
  });
}

/** An API call answered 5xx: what was thrown, with its route, guild and request id. */
export function reportApiFailure(req: { method: string; nextUrl: URL; headers: Headers }, error: unknown): void {
  report(error, { route: `${req.method} ${req.nextUrl.pathname}`, path: req.nextUrl.pathname, headers: req.headers, kind: "api" });
}

/** Next's onRequestError (instrumentation.ts): a page or handler that threw while rendering. */
export function reportRequestError(error: unknown, request: { path: string; method: string; headers: Record<string, string | string[] | undefined> }, context: { routePath: string; routeType: string }): void {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) if (typeof value === "string") headers.set(name, value);
  report(error, { route: context.routePath, path: request.path, headers, kind: context.routeType === "route" ? "api" : "render" });
}

/** Sends what waits (tests, and a server shutting down). */
export const flushServerReports = (timeoutMs = 5_000) => Sentry.flush(timeoutMs);

/** Sends what waits and stops reporting (tests). */
export async function stopServerReporting(): Promise<void> {
  await Sentry.close(5_000);
  started = false;
}
