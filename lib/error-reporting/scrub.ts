// What an error report may carry (the beforeSend of lib/error-reporting/): never a token, a
// cookie or an email address. Cookies, auth headers and bodies are removed whole; every string
// left (messages, stack frames' variables, breadcrumbs, tags) has tokens and email addresses
// masked. Pure and client-safe: the browser's reports pass through it too.

const SECRET_HEADERS = /^(cookie|set-cookie|authorization|proxy-authorization|x-xsrf-token|x-api-key)$/i;

const MASKS: [RegExp, string][] = [
  [/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, "[email]"],
  // Discord bot and user tokens: three base64url parts joined by dots.
  [/[\w-]{20,}\.[\w-]{5,}\.[\w-]{20,}/g, "[token]"],
  [/\b(Bearer|Bot|Basic)\s+[\w.~+/=-]{8,}/gi, "$1 [token]"],
  [/\b(sk|rk|pk|whsec)_(test|live)_\w+/g, "[key]"],
  // Sealed cookies and session-shaped values (iron-session's Fe26 seals).
  [/Fe26\.2\*[\w*~-]+/g, "[sealed]"],
  [/([?&](?:token|access_token|refresh_token|code|state|key|secret|password)=)[^&#\s]+/gi, "$1[removed]"],
];

export function scrubText(text: string): string {
  return MASKS.reduce((value, [pattern, replacement]) => value.replace(pattern, replacement), text);
}

function scrubValue(value: unknown, depth: number): unknown {
  if (typeof value === "string") return scrubText(value);
  if (depth > 12 || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value).flatMap(([key, item]) => {
      if (SECRET_HEADERS.test(key) || /^(cookies|email|ip_address|password|token|access_?token|refresh_?token|bot_?token)$/i.test(key)) return [];
      return [[key, scrubValue(item, depth + 1)]];
    }),
  );
}

/** A breadcrumb (or any other value) without secrets. */
export const scrubAny = <T>(value: T): T => scrubValue(value, 0) as T;

type Reportable = { request?: { cookies?: unknown; data?: unknown; headers?: Record<string, string> }; user?: Record<string, unknown> };

/** The event without secrets (Sentry's beforeSend and beforeSendTransaction). */
export function scrubEvent<E extends Reportable>(event: E): E {
  const scrubbed = scrubValue(event, 0) as E;
  if (scrubbed.request) {
    delete scrubbed.request.cookies;
    delete scrubbed.request.data;
  }
  // Who it happened to is the analytics id at most: never a name, an address or an email.
  if (scrubbed.user) scrubbed.user = typeof scrubbed.user.id === "string" ? { id: scrubbed.user.id } : {};
  return scrubbed;
}
