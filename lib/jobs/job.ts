import "server-only";
import type { PgBoss, Queue } from "pg-boss";
import type { z } from "zod";
import type { Db } from "@/lib/db/client";

// The one shape of a job: a queue with its retry policy, the schema its data is read with
// (jobs outlive deployments: old data is parsed, never trusted), what a run does, and the
// schedules that start it. lib/jobs/jobs.ts lists them all.

export type JobContext = { db: Db; queue: PgBoss; now: () => Date };

export type JobDefinition<Schema extends z.ZodType = z.ZodType> = {
  /** The queue's name: `<feature>.<what>`. */
  name: string;
  data: Schema;
  /**
   * Retries with backoff, and how long a run may take before it counts as lost and runs again.
   * Policy "exclusive": one job per singletonKey queued or running at a time (sends of a
   * second are dropped), so two workers never run the same key's job at once.
   */
  queue: Omit<Queue, "name" | "deadLetter">;
  /**
   * Cron schedules (UTC) that send this job, each with its data; keyed so several may share a
   * queue. An exclusive queue also needs a singletonKey per schedule: jobs without one share one.
   */
  schedules?: ReadonlyArray<{ key: string; cron: string; data: z.input<Schema>; singletonKey?: string }>;
  /** How many of its jobs one worker runs at once. */
  concurrency?: number;
  run(data: z.output<Schema>, context: JobContext): Promise<void>;
};

export function defineJob<Schema extends z.ZodType>(definition: JobDefinition<Schema>): JobDefinition<Schema> {
  return definition;
}

/** Where a job goes when its retries are spent: kept there, visible to `npm run jobs`, worked by nobody. */
export const deadLetterOf = (name: string) => `${name}.dead`;
