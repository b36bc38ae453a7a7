import "server-only";
import { getEnv, type PaypalSettings } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";

// PayPal's REST API over fetch (no SDK): an OAuth2 client-credentials token, kept until shortly
// before it expires, then JSON calls with it. What a failure means to the caller: PayPal down,
// slow or refusing our credentials is 502 `billing_unavailable` (try later, nothing stored); an
// unknown id is 404; a refused change (a cancelled subscription suspended) is 409.

const TIMEOUT_MS = 15_000;
/** A token is dropped this long before PayPal says it expires, so no call starts with a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

let cachedToken: { key: string; value: string; expiresAt: number } | undefined;

export function paypalConfigured(): boolean {
  return getEnv().paypal !== null;
}

export function paypalSettings(): PaypalSettings {
  const settings = getEnv().paypal;
  if (!settings) throw new ApiError(503, "billing_unavailable", "PayPal payments are not configured.");
  return settings;
}

function unavailable(reason: string): ApiError {
  console.warn("[paypal]", reason);
  return new ApiError(502, "billing_unavailable", "The payment provider is not answering right now. Please try again shortly.");
}

async function send(url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw unavailable(`${init.method} ${url}: ${String(error)}`);
  }
}

async function accessToken(settings: PaypalSettings, now = Date.now()): Promise<string> {
  const key = `${settings.apiUrl} ${settings.clientId} ${settings.clientSecret}`;
  if (cachedToken?.key === key && cachedToken.expiresAt > now) return cachedToken.value;
  const response = await send(`${settings.apiUrl}/v1/oauth2/token`, {
    method: "POST",
    headers: { Authorization: `Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString("base64")}`, "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
    body: "grant_type=client_credentials",
  });
  const body = (await response.json().catch(() => null)) as { access_token?: unknown; expires_in?: unknown } | null;
  if (!response.ok || typeof body?.access_token !== "string") throw unavailable(`token: HTTP ${response.status}`);
  const seconds = typeof body.expires_in === "number" ? body.expires_in : 0;
  cachedToken = { key, value: body.access_token, expiresAt: now + seconds * 1000 - EXPIRY_MARGIN_MS };
  return body.access_token;
}

type Request = { method: "GET" | "POST" | "PATCH"; path: string; body?: unknown; requestId?: string };

/** One API call; its JSON answer, or null for 204. */
export async function paypalRequest<T>(request: Request): Promise<T | null> {
  const settings = paypalSettings();
  let response: Response | undefined;
  // A token PayPal stopped accepting (revoked, rotated credentials) is fetched again once.
  for (let attempt = 0; attempt < 2; attempt++) {
    const token = await accessToken(settings);
    response = await send(`${settings.apiUrl}${request.path}`, {
      method: request.method,
      headers: {
        Authorization: `Bearer ${token}`,
        Accept: "application/json",
        ...(request.body !== undefined ? { "Content-Type": "application/json" } : {}),
        ...(request.requestId ? { "PayPal-Request-Id": request.requestId } : {}),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
    });
    if (response.status !== 401) break;
    cachedToken = undefined;
  }
  if (response!.status === 204) return null;
  const body = (await response!.json().catch(() => null)) as (T & { message?: unknown }) | null;
  if (response!.ok && body) return body;
  const status = response!.status;
  if (status === 404) throw new ApiError(404, "billing_not_found", "The payment provider does not know this subscription.");
  if (status === 400 || status === 422) throw new ApiError(409, "billing_refused", typeof body?.message === "string" ? body.message : "The payment provider refused this change.");
  throw unavailable(`${request.method} ${request.path}: HTTP ${status}`);
}
