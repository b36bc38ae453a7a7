// One error class for every failed call to the chat platform, and the mapper
// from @discordjs/rest, fetch and undici errors to it. Holds no tokens and does
// no I/O (server code only all the same: it imports @discordjs/rest).
import { DiscordAPIError, HTTPError, RateLimitError } from "@discordjs/rest";

export type PlatformErrorKind =
  | "unauthorized"
  | "forbidden"
  | "not_found"
  | "rate_limited"
  | "server"
  | "timeout"
  | "network"
  | "bad_request";

/** Platform JSON error codes this project branches on. */
export const PlatformErrorCode = {
  UNKNOWN_CHANNEL: 10003,
  UNKNOWN_GUILD: 10004,
  UNKNOWN_MEMBER: 10007,
  UNKNOWN_MESSAGE: 10008,
  UNKNOWN_INVITE: 10006,
  UNKNOWN_ROLE: 10011,
  UNKNOWN_USER: 10013,
  UNKNOWN_EMOJI: 10014,
  UNKNOWN_WEBHOOK: 10015,
  UNKNOWN_BAN: 10026,
  MAX_ROLES: 30005,
  MAX_WEBHOOKS: 30007,
  MAX_EMOJIS: 30008,
  MAX_REACTIONS: 30010,
  MAX_ANIMATED_EMOJIS: 30018,
  MISSING_ACCESS: 50001,
  CANNOT_MESSAGE_USER: 50007,
  CANNOT_EDIT_OTHERS_MESSAGE: 50005,
  EMPTY_MESSAGE: 50006,
  NON_TEXT_CHANNEL: 50008,
  MISSING_PERMISSIONS: 50013,
  INVALID_FORM_BODY: 50035,
} as const;

export interface PlatformErrorInit {
  kind: PlatformErrorKind;
  /**
   * The platform's HTTP status. When no response arrived it is the status a gateway
   * would answer with: 504 for a timeout, 502 for a network failure or an unreadable response.
   */
  status: number;
  /** The platform's numeric JSON error code (e.g. 10007 Unknown Member, 50001 Missing Access). */
  code?: number;
  /** OAuth2 error string from the token endpoint (e.g. "invalid_grant"). */
  oauthError?: string;
  /** Seconds to wait before retrying, for rate limits. */
  retryAfter?: number;
  cause?: unknown;
}

// lib/platform/rest.ts and cache.ts keep the clients and the cache on globalThis, shared by
// every bundle of the server, middleware included, and each bundle has its own copy of this
// file and of @discordjs/rest. An error can therefore come from another copy of a class, so
// PlatformError answers `instanceof` by a registered symbol and the library's errors are
// recognised by their shape.
const PLATFORM_ERROR = Symbol.for("guildhall.PlatformError");

export class PlatformError extends Error {
  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[PLATFORM_ERROR] === true;
  }

  readonly kind: PlatformErrorKind;
  readonly status: number;
  readonly code?: number;
  readonly oauthError?: string;
  readonly retryAfter?: number;

  constructor(message: string, init: PlatformErrorInit) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    (this as unknown as Record<symbol, boolean>)[PLATFORM_ERROR] = true;
    this.name = "PlatformError";
    this.kind = init.kind;
    this.status = init.status;
    if (init.code !== undefined) this.code = init.code;
    if (init.oauthError !== undefined) this.oauthError = init.oauthError;
    if (init.retryAfter !== undefined) this.retryAfter = init.retryAfter;
  }
}

/** Errors worth answering with cached data: rate limits, 5xx, timeouts and network failures. */
export function isTransientPlatformError(error: unknown): error is PlatformError {
  return (
    error instanceof PlatformError &&
    (error.kind === "rate_limited" || error.kind === "server" || error.kind === "timeout" || error.kind === "network")
  );
}

/** Fallback wait, in seconds, when a rate limit names none. */
export const DEFAULT_RETRY_AFTER_SECONDS = 5;

/**
 * Whole seconds to wait after a rate limit, for a Retry-After header: the platform's value
 * rounded up (at least 1), or DEFAULT_RETRY_AFTER_SECONDS when it gave none. @discordjs/rest
 * adds its safety offset (50 ms) to the platform's wait; that alone does not add a second.
 */
export function retryAfterSeconds(error: PlatformError): number {
  const seconds = error.retryAfter;
  return seconds === undefined ? DEFAULT_RETRY_AFTER_SECONDS : Math.max(1, Math.ceil(seconds - 0.1));
}

/** The kind for an HTTP status the platform answered with. */
export function kindForStatus(status: number): PlatformErrorKind {
  if (status === 401) return "unauthorized";
  if (status === 403) return "forbidden";
  if (status === 404) return "not_found";
  if (status === 429) return "rate_limited";
  if (status === 408 || status === 504) return "timeout";
  if (status >= 500) return "server";
  return "bad_request";
}

const TIMEOUT_CODES = new Set([
  "ETIMEDOUT",
  "UND_ERR_CONNECT_TIMEOUT",
  "UND_ERR_HEADERS_TIMEOUT",
  "UND_ERR_BODY_TIMEOUT",
  "UND_ERR_ABORTED",
]);
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "EPIPE",
  "UND_ERR_SOCKET",
  "UND_ERR_CLOSED",
  "UND_ERR_DESTROYED",
]);

function errorCode(error: unknown): string | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const code = (error as { code?: unknown }).code;
  return typeof code === "string" ? code : undefined;
}

/** Classifies a transport failure (no HTTP response), looking through `cause` chains. */
function transportKind(error: unknown, depth = 0): "timeout" | "network" | undefined {
  // By shape, not `instanceof Error`: an abort raised inside Node's fetch is a DOMException
  // from another realm under some runners (jest), and must still read as a timeout.
  if (typeof error !== "object" || error === null || depth > 4) return undefined;
  const { name, message, cause } = error as { name?: unknown; message?: unknown; cause?: unknown };
  if (name === "AbortError" || name === "TimeoutError") return "timeout";
  const code = errorCode(error);
  if (code && TIMEOUT_CODES.has(code)) return "timeout";
  if (code && NETWORK_CODES.has(code)) return "network";
  const nested = transportKind(cause, depth + 1);
  if (nested) return nested;
  // undici's fetch wraps every transport failure as `TypeError: fetch failed`.
  if (name === "TypeError" && message === "fetch failed") return "network";
  return undefined;
}

function oauthErrorOf(raw: unknown): string | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const value = (raw as { error?: unknown }).error;
  return typeof value === "string" ? value : undefined;
}

function retryAfterOf(raw: unknown): number | undefined {
  if (typeof raw !== "object" || raw === null) return undefined;
  const value = (raw as { retry_after?: unknown }).retry_after;
  return typeof value === "number" && Number.isFinite(value) && value >= 0 ? value : undefined;
}

function hasFields(value: unknown, fields: Record<string, "number" | "string" | "boolean">): value is Record<string, unknown> {
  if (typeof value !== "object" || value === null) return false;
  return Object.entries(fields).every(([key, type]) => typeof (value as Record<string, unknown>)[key] === type);
}

function isRateLimitError(error: unknown): error is RateLimitError {
  return error instanceof RateLimitError || hasFields(error, { timeToReset: "number", retryAfter: "number", route: "string", method: "string", global: "boolean" });
}

function isDiscordApiError(error: unknown): error is DiscordAPIError {
  return error instanceof DiscordAPIError || (hasFields(error, { status: "number", method: "string", url: "string" }) && "rawError" in error);
}

function isHttpError(error: unknown): error is HTTPError {
  return error instanceof HTTPError || (hasFields(error, { status: "number", method: "string", url: "string" }) && "requestBody" in error && !("rawError" in error));
}

/**
 * Maps an error thrown while calling the platform to a PlatformError, or returns
 * undefined when the error did not come from the platform or the transport (a bug
 * in our code, for instance), so that it is not mistaken for an outage.
 */
export function toPlatformError(error: unknown): PlatformError | undefined {
  if (error instanceof PlatformError) return error;
  if (isRateLimitError(error)) {
    return new PlatformError(`Rate limited on ${error.method.toUpperCase()} ${error.route}`, {
      kind: "rate_limited",
      status: 429,
      retryAfter: Math.max(0, error.retryAfter) / 1000,
      cause: error,
    });
  }
  if (isDiscordApiError(error)) {
    const oauthError = typeof error.code === "string" ? error.code : oauthErrorOf(error.rawError);
    const retryAfter = retryAfterOf(error.rawError);
    return new PlatformError(error.message, {
      kind: kindForStatus(error.status),
      status: error.status,
      ...(typeof error.code === "number" ? { code: error.code } : {}),
      ...(oauthError !== undefined ? { oauthError } : {}),
      ...(retryAfter !== undefined ? { retryAfter } : {}),
      cause: error,
    });
  }
  if (isHttpError(error)) {
    return new PlatformError(`Platform answered ${error.status} on ${error.method} ${error.url}`, {
      kind: kindForStatus(error.status),
      status: error.status,
      cause: error,
    });
  }
  const transport = transportKind(error);
  if (transport === "timeout") {
    return new PlatformError("The platform did not answer in time", { kind: "timeout", status: 504, cause: error });
  }
  if (transport === "network") {
    return new PlatformError("Could not reach the platform", { kind: "network", status: 502, cause: error });
  }
  return undefined;
}

export interface PlatformFieldError {
  /** Dotted path of the rejected value, e.g. "embeds.0.fields.1.name"; "" for the body itself. */
  path: string;
  /** The platform's code for the problem, e.g. "BASE_TYPE_MAX_LENGTH". */
  code: string;
  message: string;
}

function collectFieldErrors(node: unknown, path: string, out: PlatformFieldError[]): void {
  if (typeof node !== "object" || node === null) return;
  for (const [key, value] of Object.entries(node)) {
    if (key === "_errors" && Array.isArray(value)) {
      for (const entry of value as unknown[]) {
        const { code, message } = (entry ?? {}) as { code?: unknown; message?: unknown };
        out.push({ path, code: typeof code === "string" ? code : "", message: typeof message === "string" ? message : "" });
      }
    } else {
      collectFieldErrors(value, path === "" ? key : `${path}.${key}`, out);
    }
  }
}

/**
 * The fields an "Invalid Form Body" answer (code 50035) names, flattened to dotted
 * paths in the format lib/platform-messages reports limit problems in. Empty for any other error.
 */
export function platformFieldErrors(error: unknown): PlatformFieldError[] {
  if (!(error instanceof PlatformError) || error.code !== PlatformErrorCode.INVALID_FORM_BODY) return [];
  const cause = error.cause;
  if (!isDiscordApiError(cause)) return [];
  const out: PlatformFieldError[] = [];
  collectFieldErrors((cause.rawError as { errors?: unknown }).errors, "", out);
  return out;
}

/** Rethrows a caught error as a PlatformError when it maps to one, unchanged otherwise. */
export function rethrowAsPlatformError(error: unknown): never {
  throw toPlatformError(error) ?? error;
}
