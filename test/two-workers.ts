// Tests only: two job workers on one queue, as two processes would run them (each its own
// pg-boss client on the test's database), working the given jobs.
import { getDbHandle } from "@/lib/db/client";
import { openBoss } from "@/lib/jobs/boss";
import type { JobDefinition } from "@/lib/jobs/job";
import { startWorker } from "@/lib/jobs/worker";

export async function startTwoWorkers(jobs: readonly JobDefinition[]): Promise<{ stop: () => Promise<void> }> {
  const second = await openBoss((await getDbHandle()).source);
  const workers = [await startWorker({ jobs }), await startWorker({ queue: second, jobs })];
  return {
    stop: async () => {
      await Promise.all(workers.map((worker) => worker.stop()));
      await second.stop({ graceful: true, timeout: 5000 });
    },
  };
}
