import "server-only";
import type { z } from "zod";
import { ProviderError } from "@/lib/providers/errors";
import type { LinkProvider } from "./providers";

// One HTTP call to a provider's OAuth or "who am I" endpoint, with the failures the link flow
// tells apart: the provider refused the code (the user starts again), our client credentials
// are refused (not_configured: the operator must fix the settings, retrying cannot help), rate
// limits (Retry-After or the provider's reset header), outages and unreadable answers.

const TIMEOUT_MS = 10_000;

/** The provider would not exchange this code (wrong, used, expired, or its PKCE verifier did not match). */
export class CodeRefused extends Error {
  constructor(readonly provider: LinkProvider) {
    super(`${provider} refused the authorization code`);
    this.name = "CodeRefused";
  }
}

/** How a 4xx answer of the token endpoint reads: the code, our credentials, or neither. */
export type Refusal = "code" | "client" | null;

type Call<T> = {
  provider: LinkProvider;
  url: string;
  init: RequestInit;
  schema: z.ZodType<T>;
  /** For token calls: what a 4xx (or an error answered with 200) means. Identity calls leave it out. */
  refusal?: (status: number, body: unknown) => Refusal;
};

export async function oauthCall<T>({ provider, url, init, schema, refusal }: Call<T>): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { ...init, redirect: "error", signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw new ProviderError(provider, "unavailable", `${provider} did not answer`);
  }
  if (response.status === 429) throw new ProviderError(provider, "rate_limited", `${provider} rate limit`, retryAfter(response.headers));
  if (response.status >= 500) throw new ProviderError(provider, "unavailable", `${provider} answered ${response.status}`);
  const body = await readJson(response);
  const refused = refusal && body !== undefined ? refusal(response.status, body) : null;
  if (refused === "code") throw new CodeRefused(provider);
  if (refused === "client") throw new ProviderError(provider, "not_configured", `${provider} refused our client credentials`);
  if (!response.ok) throw new ProviderError(provider, "unavailable", `${provider} answered ${response.status}`);
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderError(provider, "bad_answer", `${provider} answered an unexpected shape`);
  return parsed.data;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return JSON.parse(await response.text());
  } catch {
    return undefined;
  }
}

/** Seconds to wait: Retry-After, else a reset instant in epoch seconds (Twitch `Ratelimit-Reset`, X `x-rate-limit-reset`). */
function retryAfter(headers: Headers, now = Date.now()): number | undefined {
  const after = Number(headers.get("retry-after"));
  if (Number.isFinite(after) && after > 0) return Math.ceil(after);
  const reset = Number(headers.get("ratelimit-reset") ?? headers.get("x-rate-limit-reset"));
  if (Number.isFinite(reset) && reset > 0) return Math.max(1, Math.ceil(reset - now / 1000));
  return undefined;
}

export function form(values: Record<string, string>): RequestInit {
  return { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" }, body: new URLSearchParams(values).toString() };
}

export function withQuery(base: string, query: Record<string, string>): string {
  return `${base}?${new URLSearchParams(query).toString()}`;
}

/** A settings URL without its trailing slash, so paths can be appended. */
export function origin(url: string): string {
  return url.replace(/\/+$/, "");
}
