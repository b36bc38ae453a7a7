// Next calls register() once when a server process starts: the link to Redis opens and the
// in-process job worker starts here (Node.js runtime only; the middleware's edge-like runtime runs no jobs).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // With REDIS_URL, connect now: the first requests then find the shared state, not this process's.
  const { redisLink } = await import("./lib/redis/process-link");
  redisLink();
  const { startInProcessWorker } = await import("./lib/jobs/in-process");
  startInProcessWorker();
}
