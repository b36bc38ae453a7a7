import "server-only";
import type { PgBoss } from "pg-boss";
import { getDb } from "@/lib/db/client";
import { deadLetterOf, type JobDefinition } from "./job";
import { JOBS } from "./jobs";
import { getQueue } from "./queue";

// A worker: every job's queue (and its dead letter queue) made sure of, its schedules set, and
// its handler working. Any number of workers may run on one PostgreSQL: pg-boss hands each job
// to one of them (SKIP LOCKED), sends each cron occurrence once, and a job whose worker died
// is taken up again when its queue's expireInSeconds has passed.

/** Dead jobs are kept a month: long enough for an operator to look (`npm run jobs`). */
const DEAD_RETENTION_SECONDS = 30 * 86_400;
/** How often an idle worker asks for jobs. */
const POLLING_SECONDS = 1;

export type Worker = { stop: () => Promise<void> };

export async function prepareQueues(queue: PgBoss, jobs: readonly JobDefinition[] = JOBS): Promise<void> {
  for (const job of jobs) {
    const dead = deadLetterOf(job.name);
    await queue.createQueue(dead, { retentionSeconds: DEAD_RETENTION_SECONDS, deleteAfterSeconds: DEAD_RETENTION_SECONDS });
    await queue.createQueue(job.name, { ...job.queue, deadLetter: dead });
    // createQueue keeps an existing queue as it was: a changed retry policy is applied here.
    const { policy: _fixedAtCreation, ...changeable } = job.queue;
    await queue.updateQueue(job.name, { ...changeable, deadLetter: dead });
    for (const schedule of job.schedules ?? []) await queue.schedule(job.name, schedule.cron, schedule.data as object, { key: schedule.key, tz: "UTC", ...(schedule.singletonKey ? { singletonKey: schedule.singletonKey } : {}) });
  }
}

/** Starts working every job in this process (on its queue client, or on another one: a second worker in tests). */
export async function startWorker(options: { queue?: PgBoss; jobs?: readonly JobDefinition[] } = {}): Promise<Worker> {
  const jobs = options.jobs ?? JOBS;
  const [queue, db] = await Promise.all([options.queue ?? getQueue(), getDb()]);
  await prepareQueues(queue, jobs);
  const context = { db, queue, now: () => new Date() };
  for (const job of jobs) {
    await queue.work(job.name, { batchSize: 1, localConcurrency: job.concurrency ?? 1, pollingIntervalSeconds: POLLING_SECONDS }, async ([item]) => {
      if (!item) return;
      // A job whose data no longer reads fails for good (retrying cannot fix it) and stays visible as dead.
      await job.run(job.data.parse(item.data), context);
    });
  }
  return { stop: async () => Promise.all(jobs.map((job) => queue.offWork(job.name, { wait: true }))).then(() => undefined) };
}
