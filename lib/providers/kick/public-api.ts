import "server-only";
import type { z } from "zod";
import { getEnv } from "@/lib/env";
import { withAppToken, type ClientCredentials } from "../app-token";
import { ProviderError } from "../errors";
import { callProvider, failureOf, parsed } from "../provider-call";

// Calls to Kick's public API (`{KICK_API_URL}/public/v1/…`) with an app access token from
// Kick's OAuth server (client-credentials grant at `{KICK_AUTH_URL}/oauth/token`).

export function kickCredentials(): ClientCredentials | null {
  const env = getEnv();
  if (!env.KICK_CLIENT_ID || !env.KICK_CLIENT_SECRET) return null;
  return { provider: "kick", tokenUrl: `${env.KICK_AUTH_URL}/oauth/token`, clientId: env.KICK_CLIENT_ID, clientSecret: env.KICK_CLIENT_SECRET };
}

export async function kickGet<S extends z.ZodType>(resource: string, params: [string, string][], schema: S): Promise<z.output<S>> {
  const credentials = kickCredentials();
  if (!credentials) throw new ProviderError("kick", "not_configured", "KICK_CLIENT_ID and KICK_CLIENT_SECRET are not set");
  const url = new URL(`${getEnv().KICK_API_URL}/public/v1/${resource}`);
  for (const [name, value] of params) url.searchParams.append(name, value);
  const answer = await withAppToken(credentials, (token) => callProvider("kick", url, { headers: { Authorization: `Bearer ${token}`, Accept: "application/json" } }));
  if (!answer.ok) throw failureOf("kick", answer);
  return parsed("kick", schema, answer);
}
