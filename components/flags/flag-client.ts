import { UnleashClient, type IToggle } from "unleash-proxy-client";
import { fetchWithApiHeaders, getSessionId } from "@/lib/http/client-fetch";

// The browser flag client (spec 4, 9): Unleash's official browser SDK, polling our frontend
// API (/api/e, app/api/e/route.ts) every 30 s and posting its metrics there every 30 s from
// 2 s after it starts. Ready at once with the toggles the server drew the page with; `update`
// when a fetch brings a change, `error` (HttpError and the status) when one fails. Loaded on its
// own, after the page is drawn (flags-provider.tsx): none of it is first-load JavaScript.

/** Not a secret: the server knows the caller by the session cookie (the Authorization header carries this). */
export const FLAG_CLIENT_KEY = "guildhall-browser";

/** spec 9: seconds. */
const REFRESH_SECONDS = 30;
const METRICS_SECONDS = 30;
const FIRST_METRICS_SECONDS = 2;

export type FlagClientOptions = { appName: string; guildId?: string; bootstrap: IToggle[] };

export function createFlagClient({ appName, guildId, bootstrap }: FlagClientOptions): UnleashClient {
  return new UnleashClient({
    url: new URL("/api/e", window.location.origin),
    clientKey: FLAG_CLIENT_KEY,
    appName,
    refreshInterval: REFRESH_SECONDS,
    metricsInterval: METRICS_SECONDS,
    metricsIntervalInitial: FIRST_METRICS_SECONDS,
    bootstrap,
    // The session id every API call carries (X-Session-ID too), not one of the SDK's own.
    context: { sessionId: getSessionId(), properties: guildId ? { guildId } : undefined },
    fetch: fetchWithApiHeaders,
  });
}
