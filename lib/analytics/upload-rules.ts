// Spec 9's analytics constants and spec 8's upload rules, for both official SDKs (the browser's
// in components/analytics/, the server's in server-events.ts). Client-safe.
//
// What the SDKs do by themselves with these options: batches of `flushQueueSize` (100); a 413
// halves that size and drops the event at size 1; a 400 drops the events it names by index and
// retries the rest; a 429 holds the throttled events back 30 s; success is the body's `code`
// (the SDKs read it, not the status line). Where they differ from the spec, our own guards
// (queue-guard.ts, upload-now.ts) add: an upload as soon as 30 events wait (the SDKs only flush on their
// timer), at most 1000 events held (the SDKs keep any number), device ids with a dot refused.

export const UPLOAD_RULES = {
  /** Upload period (spec 9: 30 s). */
  flushIntervalMillis: 30_000,
  /** Events waiting that start an upload before the period ends (spec 9: threshold 30). */
  threshold: 30,
  /** Events per upload (spec 9: batch 100). */
  batchSize: 100,
  /** Events held at most, waiting or being retried (spec 9: saved max 1000); more are dropped. */
  savedMax: 1000,
  /** Browser session (spec 9: 30 min). */
  sessionTimeoutMillis: 30 * 60_000,
  /** Device id cookie (spec 9: 365 days). */
  cookieExpirationDays: 365,
} as const;

/** Spec 8: a device id containing a dot is invalid (the old cookie format split on dots). */
export function isValidDeviceId(deviceId: string | undefined): boolean {
  return deviceId === undefined || (deviceId.length > 0 && !deviceId.includes("."));
}
