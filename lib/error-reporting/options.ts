import type { ErrorReportingSettings } from "@/lib/env";
import { scrubAny, scrubEvent } from "./scrub";

// Sentry's options for the server and the browser (spec 8, 9): every error sent (sample rate 1),
// no session tracking, 100 breadcrumbs, values cut at 250 characters, at most 30 events waiting
// in the transport, no personal data, and each event scrubbed (scrub.ts). Client-safe.

export const REPORTING_RULES = { sampleRate: 1, maxBreadcrumbs: 100, maxValueLength: 250, bufferSize: 30 } as const;

/**
 * Left out: the ones that track sessions (release health; spec 9: off), and the server's
 * instrumentation of outgoing HTTP (Http, NodeFetch), which only makes tracing spans and request
 * breadcrumbs (no tracing here, and those URLs carry provider keys) and wraps Node's http module,
 * which the other SDKs' uploads (Amplitude's) go through.
 */
const LEFT_OUT = new Set(["BrowserSession", "ProcessSession", "Http", "NodeFetch"]);

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
    integrations: <I extends { name: string }>(defaults: I[]) => defaults.filter((integration) => !LEFT_OUT.has(integration.name)),
    beforeSend: scrubEvent,
    beforeBreadcrumb: scrubAny,
  };
}
