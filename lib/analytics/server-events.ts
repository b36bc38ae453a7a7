import "server-only";
import { createInstance, Identify, Types } from "@amplitude/analytics-node";
import { getEnv, type AnalyticsSettings } from "@/lib/env";
import { QueueGuard } from "./queue-guard";
import { uploadNowPlugin } from "./upload-now";
import { UPLOAD_RULES } from "./upload-rules";

// Server-side analytics events through the official Node SDK (@amplitude/analytics-node),
// straight to AMPLITUDE_SERVER_URL (Amplitude's HTTP V2 API, or the local fake). Nothing is
// sent without AMPLITUDE_API_KEY. Every call returns at once: the SDK queues the event and
// uploads it in the background (QueueGuard bounds that queue), so no page or answer waits.
// Callers check consent (consent.ts) before they call.

export type ServerEvent = { event_type: string; user_id: string; event_properties?: Record<string, unknown> };
export type UserProperties = Record<string, string | number | boolean>;

type Instance = { key: string; client: ReturnType<typeof createInstance>; ready: Promise<void>; guard: QueueGuard };
let instance: Instance | null = null;

/** The SDK's options: spec 9's period and batch (upload-rules.ts), errors only in the log. */
export function nodeOptions(settings: AnalyticsSettings): Types.NodeOptions {
  return { serverUrl: settings.serverUrl, flushIntervalMillis: UPLOAD_RULES.flushIntervalMillis, flushQueueSize: UPLOAD_RULES.batchSize, logLevel: Types.LogLevel.Error };
}

function analytics(): Instance | null {
  const settings = getEnv().analytics;
  if (!settings) return null;
  const key = `${settings.apiKey} ${settings.serverUrl}`;
  if (instance?.key !== key) {
    const client = createInstance();
    // Calls made before init settles wait in the SDK's own queue.
    const ready = client.init(settings.apiKey, nodeOptions(settings)).promise.then(() => client.add(uploadNowPlugin().plugin).promise);
    instance = { key, client, ready, guard: new QueueGuard() };
  }
  return instance;
}

/** Queues one event; false when analytics is off or a rule refused it. */
export function sendServerEvent(event: ServerEvent): boolean {
  const current = analytics();
  return current ? current.guard.send(undefined, () => current.client.track(event)) : false;
}

/** Queues an identify: the user's properties, set (replaced) on their Amplitude user. */
export function identifyServerUser(userId: string, properties: UserProperties): boolean {
  const current = analytics();
  if (!current) return false;
  const identify = new Identify();
  for (const [name, value] of Object.entries(properties)) identify.set(name, value);
  return current.guard.send(undefined, () => current.client.identify(identify, { user_id: userId }));
}

/** Work that ends in events once it has read what they carry (a sign-in's user properties). */
const gathering = new Set<Promise<void>>();

/** Runs `work` in the background; flushServerAnalytics waits for it before it uploads. */
export function gatherInBackground(work: Promise<void>): void {
  gathering.add(work);
  void work.finally(() => gathering.delete(work));
}

/** Uploads what waits now and resolves once the SDK settled it (tests, and a server shutting down). */
export async function flushServerAnalytics(): Promise<void> {
  await Promise.allSettled([...gathering]);
  await instance?.ready;
  await instance?.client.flush().promise;
}

/** Events the server holds (waiting, being sent, or retried later). */
export function pendingServerEvents(): number {
  return instance?.guard.pending ?? 0;
}
