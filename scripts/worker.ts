// `npm run worker`: a job worker on its own, beside any number of others and of app servers
// (start them with JOBS_IN_PROCESS=0 to keep the work here). Needs the shared PostgreSQL of
// DATABASE_URL: PGlite is one process's database, so with it `npm start` runs the worker itself.
import { getDbHandle } from "../lib/db/client";
import { EnvError, getEnv } from "../lib/env";
import { stopQueue } from "../lib/jobs/queue";
import { startWorker } from "../lib/jobs/worker";
import { JOBS } from "../lib/jobs/jobs";
import { pageCacheStoreFor } from "../lib/page-cache/connect";
import { setPageCacheStore } from "../lib/page-cache/registry";

async function main() {
  let env;
  try {
    env = getEnv();
  } catch (error) {
    console.error(error instanceof EnvError ? error.message : error);
    process.exit(1);
  }
  if (!env.DATABASE_URL) {
    console.error("A worker apart from the app needs a shared PostgreSQL: set DATABASE_URL. With the embedded PGlite, `npm start` runs the worker in its own process.");
    process.exit(1);
  }
  await getDbHandle();
  // A job that changes what a guild's pages show expires them in the servers' store (with REDIS_URL).
  setPageCacheStore(pageCacheStoreFor(env.REDIS_URL));
  const worker = await startWorker();
  console.log(`Job worker running: ${JOBS.map((job) => job.name).join(", ")}`);
  const stop = async () => {
    await worker.stop();
    await stopQueue();
    process.exit(0);
  };
  process.once("SIGINT", () => void stop());
  process.once("SIGTERM", () => void stop());
}

void main();
