import { PgBoss, fromPglite } from "pg-boss";
import type { DbSource } from "@/lib/db/open";

// The job queue: pg-boss in the application's own database (schema `pgboss`), so jobs and the
// rows they write share one PostgreSQL. On PGlite it runs through pg-boss's PGlite adapter on
// the process's one connection; on PostgreSQL it keeps a small pool of its own, and any number
// of workers may share the queue (jobs are claimed with SKIP LOCKED).

/** A started queue client for this database. */
export async function openBoss(source: DbSource): Promise<PgBoss> {
  const boss =
    source.kind === "pglite"
      ? new PgBoss({ db: fromPglite(source.client), backend: "pglite", application_name: "guildhall" })
      : new PgBoss({ connectionString: source.url, max: 4, application_name: "guildhall" });
  // pg-boss reports maintenance and polling failures as events; an unhandled 'error' event would end the process.
  boss.on("error", (error: unknown) => console.error("job queue:", error));
  await boss.start();
  return boss;
}
