import { sentryOptions } from "@/lib/error-reporting/options";

// Error reporting in the browser: Sentry, fetched (a dynamic import) only on pages whose
// server configured it (the locale layout writes its DSN and environment in a meta tag, in
// staging and production), so no page's first-load JavaScript carries it otherwise.

export const REPORTING_META = "error-reporting";

type Sentry = typeof import("@sentry/nextjs");
let loading: Promise<Sentry | null> | null = null;

/** Sentry, started once, or null when this page has no reporting. */
export function browserSentry(): Promise<Sentry | null> {
  loading ??= (async () => {
    const content = document.querySelector(`meta[name="${REPORTING_META}"]`)?.getAttribute("content");
    if (!content) return null;
    const { dsn, environment } = JSON.parse(content) as { dsn: string; environment: "staging" | "production" };
    const Sentry = await import("@sentry/nextjs");
    Sentry.init(sentryOptions({ dsn, environment }));
    return Sentry;
  })().catch(() => null);
  return loading;
}

/** A render failure shown by the error page (spec 2, 8), with the page's route and guild. */
export function reportRenderError(error: Error & { digest?: string }): void {
  void browserSentry().then((Sentry) =>
    Sentry?.withScope((scope) => {
      scope.setTag("kind", "render");
      scope.setTag("route", window.location.pathname);
      const guildId = /\/dashboard\/(\d{17,20})/.exec(window.location.pathname)?.[1];
      if (guildId) scope.setTag("guild_id", guildId);
      if (error.digest) scope.setTag("digest", error.digest);
      Sentry.captureException(error);
    }),
  );
}
