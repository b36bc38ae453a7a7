// Next calls register() once when a server process starts: the in-process job worker starts
// here (Node.js runtime only; the middleware's edge-like runtime runs no jobs).
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  const { startInProcessWorker } = await import("./lib/jobs/in-process");
  startInProcessWorker();
}
