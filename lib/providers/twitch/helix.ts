import "server-only";
import type { z } from "zod";
import { getEnv } from "@/lib/env";
import { withAppToken, type ClientCredentials } from "../app-token";
import { ProviderError } from "../errors";
import { failureOf, providerFetch, readJson } from "../provider-fetch";

// Calls to Twitch Helix with the app access token (client-credentials grant) and Client-Id.
// Helix answers 429 with `Ratelimit-Reset` (the epoch second the bucket refills).

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
  const response = await withAppToken(credentials, (token) =>
    providerFetch("twitch", url, { headers: { Authorization: `Bearer ${token}`, "Client-Id": credentials.clientId, Accept: "application/json" } }),
  );
  if (!response.ok) throw failureOf("twitch", response, "ratelimit-reset");
  return readJson("twitch", response, schema);
}
