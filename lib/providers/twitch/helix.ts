import "server-only";
import type { z } from "zod";
import { getEnv } from "@/lib/env";
import { withAppToken, type ClientCredentials } from "../app-token";
import { ProviderError } from "../errors";
import { callProvider, failureOf, parsed, type RateBudget } from "../provider-call";

// Calls to Twitch Helix with the app access token (client-credentials grant) and Client-Id.

/** Helix's bucket: `Ratelimit-Reset` is the epoch second it refills. */
const HELIX_BUDGET: RateBudget = { remaining: "ratelimit-remaining", reset: "ratelimit-reset", resetIs: "epoch" };

export function twitchCredentials(): ClientCredentials | null {
  const env = getEnv();
  if (!env.TWITCH_CLIENT_ID || !env.TWITCH_CLIENT_SECRET) return null;
  return { provider: "twitch", tokenUrl: `${env.TWITCH_AUTH_URL}/oauth2/token`, clientId: env.TWITCH_CLIENT_ID, clientSecret: env.TWITCH_CLIENT_SECRET };
}

/** GET {TWITCH_API_URL}/{resource}?{params}, its JSON read through `schema`. */
export async function helixGet<S extends z.ZodType>(resource: string, params: [string, string][], schema: S): Promise<z.output<S>> {
  const credentials = twitchCredentials();
  if (!credentials) throw new ProviderError("twitch", "not_configured", "TWITCH_CLIENT_ID and TWITCH_CLIENT_SECRET are not set");
  const url = new URL(`${getEnv().TWITCH_API_URL}/${resource}`);
  for (const [name, value] of params) url.searchParams.append(name, value);
  const answer = await withAppToken(credentials, (token) =>
    callProvider("twitch", url, { headers: { Authorization: `Bearer ${token}`, "Client-Id": credentials.clientId, Accept: "application/json" } }, { budget: HELIX_BUDGET }),
  );
  if (!answer.ok) throw failureOf("twitch", answer);
  return parsed("twitch", schema, answer);
}
