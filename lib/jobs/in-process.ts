import "server-only";
import { getEnv } from "@/lib/env";
import { startWorker } from "./worker";

// `npm start`'s own worker, started by instrumentation.ts when the server starts (unless
// JOBS_IN_PROCESS=0: workers then run apart with `npm run worker`). It starts in the
// background: the server answers while the queue gets ready.

const globalKey = Symbol.for("guildhall.worker");
type GlobalWithWorker = typeof globalThis & { [globalKey]?: true };

export function startInProcessWorker(): void {
  const store = globalThis as GlobalWithWorker;
  if (store[globalKey] || getEnv().JOBS_IN_PROCESS === "0") return;
  store[globalKey] = true;
  startWorker().then(
    (worker) => {
      console.log("Job worker running in this process (npm run jobs lists its queues).");
      const stop = () => void worker.stop();
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    },
    (error: unknown) => console.error("The job worker could not start; saved settings will not run until it does:", error),
  );
}
