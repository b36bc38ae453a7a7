import { isLocale } from "@/lib/i18n/locales";
import { firstSegment } from "@/lib/i18n/negotiate";
import { LOCALE_HEADER } from "./api-locale";
import { raiseErrorModal } from "./error-bus";
import { SESSION_ID_HEADER, XSRF_COOKIE, XSRF_HEADER } from "./xsrf-names";

// The one fetch wrapper for browser code. Sends the anti-forgery token and the
// session id (spec 4, 7), classes failures (spec 8) and raises the error modal.

export type TransportErrorKind = "client_error" | "server_error" | "timeout" | "connection_error" | "network_error" | "cancel" | "unknown";

export class TransportError extends Error {
  constructor(
    readonly kind: TransportErrorKind,
    message: string,
    readonly status?: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = "TransportError";
  }
}

const SESSION_ID_KEY = "gh_session_id";

/** A random number below 1e9, generated once per browser and kept in local storage. */
export function getSessionId(storage: Pick<Storage, "getItem" | "setItem"> | undefined = safeLocalStorage()): string {
  const existing = storage?.getItem(SESSION_ID_KEY);
  if (existing && /^\d{1,9}$/.test(existing)) return existing;
  const created = String(Math.floor(Math.random() * 1e9));
  storage?.setItem(SESSION_ID_KEY, created);
  return created;
}

export function readCookie(name: string, cookieHeader = typeof document === "undefined" ? "" : document.cookie): string | undefined {
  for (const part of cookieHeader.split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return decodeURIComponent(value.join("="));
  }
  return undefined;
}

/**
 * The anti-forgery token for a write. Public pages set no cookie (so they stay publicly
 * cacheable): when it is missing, GET /api/xsrf issues one first.
 */
export async function xsrfToken(signal?: AbortSignal): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing) return existing;
  // A failure here surfaces as the write's own 403 xsrf_invalid.
  await fetch("/api/xsrf", { credentials: "same-origin", signal }).catch(() => undefined);
  return readCookie(XSRF_COOKIE);
}

/** Spec 8: a `code` field, a `status_code` of 410 or more, or HTTP 500 raise the global modal. */
export function shouldRaiseModal(status: number, body: unknown): boolean {
  const fields = asRecord(body);
  if (fields && (fields.code !== undefined || (typeof fields.status_code === "number" && fields.status_code >= 410))) return true;
  return status === 500;
}

export function errorMessageOf(body: unknown): string | undefined {
  const fields = asRecord(body);
  if (typeof fields?.message === "string" && fields.message) return fields.message;
  const nested = asRecord(fields?.error)?.message;
  return typeof nested === "string" && nested ? nested : undefined;
}

// A hand-written guard rather than zod: this file ships to the browser, zod would triple its size.
function asRecord(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

export function classifyStatus(status: number): TransportErrorKind {
  if (status >= 400 && status < 500) return "client_error";
  if (status >= 500) return "server_error";
  return "unknown";
}

type Options = {
  method?: string;
  /** Sent as JSON; a FormData as multipart (uploads), its boundary written by the browser. */
  body?: unknown;
  signal?: AbortSignal;
  timeoutMs?: number;
  silent?: boolean;
  /** Extra request headers, e.g. `If-Match` for versioned config writes. */
  headers?: Record<string, string>;
  /** Error codes the caller shows inline (a 412 conflict, field errors): no modal for these. */
  handles?: readonly string[];
  /** A write that changes nothing the server-rendered pages show (music player commands): onApiWrite listeners are not told. */
  keepsPages?: boolean;
};

/** The `code` of an error body, if any. */
export function errorCodeOf(body: unknown): string | undefined {
  const code = asRecord(body)?.code;
  return typeof code === "string" ? code : undefined;
}

const writeListeners = new Set<(path: string) => void>();

/**
 * Hears every successful write (any method but GET) made through apiFetch, with its path;
 * the guild pages refresh the router from here (RefreshAfterWrites). Returns the unsubscribe.
 */
export function onApiWrite(listener: (path: string) => void): () => void {
  writeListeners.add(listener);
  return () => writeListeners.delete(listener);
}

export async function apiFetch<T>(path: string, options: Options = {}): Promise<T> {
  return (await send<T>(path, options)).data;
}

/**
 * A GET whose answer may come from the platform cache past its freshness (the guild lists):
 * the server says so with `Warning: 110`, and the page tells the user.
 */
export async function apiFetchMaybeStale<T>(path: string, options: Omit<Options, "method" | "body"> = {}): Promise<{ data: T; stale: boolean }> {
  const { data, headers } = await send<T>(path, options);
  return { data, stale: /^110\b/.test(headers.get("warning") ?? "") };
}

/** The language of the page in the browser (its first path segment), sent with every call so errors come back in it. */
export function pageLocale(): string | null {
  if (typeof window === "undefined") return null;
  const segment = firstSegment(window.location.pathname);
  return isLocale(segment) ? segment : null;
}

/**
 * What every call to our API carries besides its own headers: the session id (spec 7), the
 * page's language (errors come back in it, lib/http/api-locale.ts) and the anti-forgery token
 * when its cookie is there (a write without it asks for one first: see addWriteToken).
 */
function apiHeaders(): Record<string, string> {
  const headers: Record<string, string> = { [SESSION_ID_HEADER]: getSessionId() };
  const locale = pageLocale();
  if (locale) headers[LOCALE_HEADER] = locale;
  const xsrf = readCookie(XSRF_COOKIE);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
  return headers;
}

/** A write on a page that set no anti-forgery cookie (public pages) gets its token from /api/xsrf first. */
async function addWriteToken(headers: Record<string, string>, method: string, signal?: AbortSignal): Promise<void> {
  if (headers[XSRF_HEADER] || method.toUpperCase() === "GET") return;
  const xsrf = await xsrfToken(signal);
  if (xsrf) headers[XSRF_HEADER] = xsrf;
}

/**
 * fetch() with the headers of apiHeaders(), for libraries that make their own calls to our API
 * and read the response themselves (the browser flag client, components/flags/flag-client.ts).
 */
export async function fetchWithApiHeaders(input: string | URL, init: RequestInit = {}): Promise<Response> {
  const method = init.method ?? "GET";
  const headers = { ...Object.fromEntries(new Headers(init.headers)), ...apiHeaders() };
  await addWriteToken(headers, method, init.signal ?? undefined);
  return fetch(input, { ...init, headers, credentials: "same-origin" });
}

async function send<T>(path: string, options: Options): Promise<{ data: T; headers: Headers }> {
  const method = options.method ?? "GET";
  const timeout = options.timeoutMs ? AbortSignal.timeout(options.timeoutMs) : undefined;
  const signal = timeout && options.signal ? AbortSignal.any([timeout, options.signal]) : (timeout ?? options.signal);
  const headers: Record<string, string> = { ...options.headers, Accept: "application/json", ...apiHeaders() };
  // Awaited only when a token must be fetched: otherwise a write starts in the same tick as the click.
  if (!headers[XSRF_HEADER] && method.toUpperCase() !== "GET") await addWriteToken(headers, method, signal);
  const multipart = options.body instanceof FormData;
  if (options.body !== undefined && !multipart) headers["Content-Type"] = "application/json";

  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method,
      headers,
      body: multipart ? (options.body as FormData) : options.body === undefined ? undefined : JSON.stringify(options.body),
      signal,
      credentials: "same-origin",
    });
  } catch (error) {
    throw classifyThrown(error, timeout);
  }

  const body: unknown = await response.json().catch(() => undefined);
  if (response.ok) {
    if (method !== "GET" && !options.keepsPages) for (const listener of writeListeners) listener(path);
    return { data: body as T, headers: response.headers };
  }
  const message = errorMessageOf(body);
  const handled = options.silent || options.handles?.includes(errorCodeOf(body) ?? "");
  if (!handled && shouldRaiseModal(response.status, body)) raiseErrorModal({ message });
  throw new TransportError(classifyStatus(response.status), message ?? `HTTP ${response.status}`, response.status, body);
}

function classifyThrown(error: unknown, timeout: AbortSignal | undefined): TransportError {
  if (timeout?.aborted) return new TransportError("timeout", "The request timed out.");
  if (error instanceof DOMException && error.name === "AbortError") return new TransportError("cancel", "The request was cancelled.");
  if (typeof navigator !== "undefined" && navigator.onLine === false) return new TransportError("network_error", "You appear to be offline.");
  // fetch rejects with a TypeError when the server cannot be reached at all.
  if (error instanceof TypeError) return new TransportError("connection_error", "Could not reach the server.");
  return new TransportError("unknown", error instanceof Error ? error.message : "Unknown error");
}

function safeLocalStorage(): Storage | undefined {
  try {
    return typeof window === "undefined" ? undefined : window.localStorage;
  } catch {
    return undefined;
  }
}
