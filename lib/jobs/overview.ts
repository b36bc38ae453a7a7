import "server-only";
import type { PgBoss } from "pg-boss";
import { deadLetterOf } from "./job";
import { JOBS } from "./jobs";

// What an operator needs to see of the queues (`npm run jobs`): per job, how many are due now,
// scheduled later, running, failed, and dead (retries spent: copied to the job's dead letter
// queue, which nobody works), with the last errors of failed runs.

export type QueueOverview = { name: string; due: number; later: number; running: number; failed: number; dead: number; lastErrors: Array<{ at: Date; error: string }> };

const errorText = (output: unknown) => {
  const value = output as { message?: unknown } | null;
  return typeof value?.message === "string" ? value.message : JSON.stringify(output ?? null);
};

/** The last failed runs of these queues, newest first. pg-boss has no call listing jobs by state: its job table is read (schema `pgboss`). */
async function lastFailures(queue: PgBoss, names: string[]): Promise<Array<{ name: string; output: unknown; completed_on: Date }>> {
  const { rows } = await queue.getDb().executeSql(`SELECT name, output, completed_on FROM pgboss.job WHERE name = ANY($1) AND state = 'failed' ORDER BY completed_on DESC LIMIT 50`, [names]);
  return rows as Array<{ name: string; output: unknown; completed_on: Date }>;
}

export async function queueOverview(queue: PgBoss): Promise<QueueOverview[]> {
  const names = JOBS.map((job) => job.name);
  const [queues, failures] = await Promise.all([queue.getQueues([...names, ...names.map(deadLetterOf)]), lastFailures(queue, names)]);
  const byName = new Map(queues.map((item) => [item.name, item]));
  return names.map((name) => {
      const live = byName.get(name);
      const dead = byName.get(deadLetterOf(name));
      const deadJobs = failures.filter((failure) => failure.name === name).slice(0, 3);
      return {
        name,
        due: live?.readyCount ?? 0,
        later: live?.deferredCount ?? 0,
        running: live?.activeCount ?? 0,
        failed: live?.failedCount ?? 0,
        dead: dead?.queuedCount ?? 0,
        lastErrors: deadJobs.map((job) => ({ at: new Date(job.completed_on), error: errorText(job.output) })),
      };
  });
}
