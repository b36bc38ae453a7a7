// Each test file that touched the database opened its own handle; close it so
// pools do not keep jest alive. Files that never used it skip the import.
afterAll(async () => {
  // The job queue runs on the database handle: stopped first.
  if (Symbol.for("guildhall.jobs") in globalThis) await (await import("@/lib/jobs/queue")).stopQueue();
  if (Symbol.for("guildhall.db") in globalThis) await (await import("@/lib/db/client")).closeDb();
  // The process's Redis connection (REDIS_URL set by a test) must not keep jest alive either.
  if (Symbol.for("guildhall.redis") in globalThis) await (await import("@/lib/redis/process-link")).closeRedisLink();
});
