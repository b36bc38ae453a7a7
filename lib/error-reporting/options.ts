import type { ErrorReportingSettings } from "@/lib/env";
import { scrubAny, scrubEvent } from "./scrub";

// Sentry's options for the server and the browser (spec 8, 9): every error sent (sample rate 1),
// no session tracking, 100 breadcrumbs, values cut at 250 characters, at most 30 events waiting
// in the transport, no personal data, and each event scrubbed (scrub.ts). Client-safe.

export const REPORTING_RULES = { sampleRate: 1, maxBreadcrumbs: 100, maxValueLength: 250, bufferSize: 30 } as const;

/** Integrations that track sessions (release health): off (spec 9). */
const SESSION_INTEGRATIONS = new Set(["BrowserSession", "ProcessSession"]);

export function sentryOptions(settings: Pick<ErrorReportingSettings, "dsn" | "environment">) {
  return {
    dsn: settings.dsn,
    environment: settings.environment,
    sampleRate: REPORTING_RULES.sampleRate,
    maxBreadcrumbs: REPORTING_RULES.maxBreadcrumbs,
    maxValueLength: REPORTING_RULES.maxValueLength,
    transportOptions: { bufferSize: REPORTING_RULES.bufferSize },
    sendDefaultPii: false,
    sendClientReports: false,
    integrations: <I extends { name: string }>(defaults: I[]) => defaults.filter((integration) => !SESSION_INTEGRATIONS.has(integration.name)),
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubAny,
  };
}
