// Next calls register() once when a server process starts: error reporting starts (when
// configured), the link to Redis opens and the in-process job worker starts here (Node.js
// runtime only; the middleware's edge-like runtime runs no jobs).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startServerReporting } = await import("./lib/error-reporting/server");
  startServerReporting();
  // With REDIS_URL, connect now: the first requests then find the shared state, not this process's.
  const { redisLink } = await import("./lib/redis/process-link");
  redisLink();
  const { startInProcessWorker } = await import("./lib/jobs/in-process");
  startInProcessWorker();
}

type RequestInfo = { path: string; method: string; headers: Record<string, string | string[] | undefined> };
type ErrorContext = { routerKind: string; routePath: string; routeType: string };

/** Next calls this for an error thrown while rendering a page or running a handler (reported in staging and production). */
export async function onRequestError(error: unknown, request: RequestInfo, context: ErrorContext): Promise<void> {
  // The edge runtime (none of our routes) has no Node APIs for the reporter.
  if (process.env.NEXT_RUNTIME === "edge") return;
  const { reportRequestError } = await import("./lib/error-reporting/server");
  reportRequestError(error, request, context);
}
