import * as amplitude from "@amplitude/analytics-browser";
import { analyticsPage } from "@/lib/analytics/page";
import { QueueGuard } from "@/lib/analytics/queue-guard";
import { uploadNowPlugin } from "@/lib/analytics/upload-now";
import { UPLOAD_RULES } from "@/lib/analytics/upload-rules";
import { getSessionId } from "@/lib/http/client-fetch";
import { SESSION_ID_HEADER } from "@/lib/http/xsrf-names";

// The browser's analytics, loaded only by AnalyticsConsent (a dynamic import, after first paint
// and the visitor's yes), so the SDK is in no page's first-load JavaScript. The official SDK
// uploads to our proxy (/api/mpp: first party, so ad blockers and the CSP let it through),
// which adds the key, the signed-in user and checks consent again; the page name is spec 2's.

const guard = new QueueGuard();

/** Starts the SDK once; later calls only track. */
let started: Promise<void> | null = null;

function start(): Promise<void> {
  started ??= (async () => {
    const uploadNow = uploadNowPlugin();
    await amplitude.init("guildhall", {
      serverUrl: "/api/mpp",
      // The SDK's own fetch transport (http; spec 8), with the browser's session id (spec 7) for the proxy.
      transport: { type: "fetch", headers: { [SESSION_ID_HEADER]: getSessionId() } },
      flushIntervalMillis: UPLOAD_RULES.flushIntervalMillis,
      flushQueueSize: UPLOAD_RULES.batchSize,
      sessionTimeout: UPLOAD_RULES.sessionTimeoutMillis,
      cookieOptions: { expiration: UPLOAD_RULES.cookieExpirationDays },
      // Page views are ours (spec 2's names); nothing else is captured, nothing fetched from Amplitude.
      autocapture: false,
      fetchRemoteConfig: false,
      enableDiagnostics: false,
      logLevel: amplitude.Types.LogLevel.None,
    }).promise;
    await amplitude.add(uploadNow.plugin).promise;
  })();
  return started;
}

/** One page view with spec 2's page context. */
export async function trackPage(pathname: string, search: string): Promise<void> {
  await start();
  guard.send(amplitude.getDeviceId(), () => amplitude.track("page_viewed", analyticsPage(pathname, search)));
}
