import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { customIssue } from "@/lib/validation/issues";
import { inputDateTime, inputText } from "@/lib/validation/text";
import { FLAG_NAME } from "./flags-file";

// The browser flag client's metrics (spec 7: a bucket of yes/no counts per flag, posted every
// 30 s through the proxy, POST /api/e/client/metrics), passed on to the Unleash server's
// client metrics API. With the flags file there is nobody to tell: they are dropped. Failures
// are only logged (spec 8): the browser never learns of them.

const FORWARD_TIMEOUT_MS = 5_000;
/** More flags than any page reads: a bucket past it is not a flag client's. */
const MAX_FLAGS_PER_BUCKET = 500;

const count = z.number().int().min(0).max(1_000_000_000);
const flagName = inputText().regex(FLAG_NAME, "must be a flag name");

const flagCounts = z.strictObject({
  yes: count,
  no: count,
  variants: z.record(inputText().min(1).max(100), count).default({}),
});

export const metricsBody = z.strictObject({
  bucket: z.strictObject({
    start: inputDateTime("must be a date and time"),
    stop: inputDateTime("must be a date and time"),
    toggles: z.record(flagName, flagCounts).superRefine((toggles, ctx) => {
      if (Object.keys(toggles).length > MAX_FLAGS_PER_BUCKET) ctx.addIssue(customIssue("too_many", { max: MAX_FLAGS_PER_BUCKET }));
    }),
  }),
  appName: inputText().regex(/^[\w.-]{1,100}$/, "must be an application name"),
  instanceId: inputText().min(1).max(200),
  // The SDK's impact metrics (not used here): accepted empty or not, never passed on.
  impactMetrics: z.array(z.unknown()).max(100).optional(),
});

export type MetricsBody = z.infer<typeof metricsBody>;

/** Passes one bucket on to Unleash (when configured); true when Unleash took it. */
export async function forwardFlagMetrics({ bucket, appName, instanceId }: MetricsBody): Promise<boolean> {
  const unleash = getEnv().unleash;
  if (!unleash) return false;
  try {
    const response = await fetch(`${unleash.url}/client/metrics`, {
      method: "POST",
      headers: { Authorization: unleash.apiToken, "Content-Type": "application/json", "UNLEASH-APPNAME": appName },
      body: JSON.stringify({ appName, instanceId, bucket }),
      signal: AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    });
    if (!response.ok) console.error(`[flags] Unleash refused the browser's flag metrics: HTTP ${response.status}`);
    return response.ok;
  } catch (error) {
    console.error("[flags] the browser's flag metrics did not reach Unleash", error);
    return false;
  }
}
