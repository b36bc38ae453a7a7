// `npm run jobs`: the job queues as an operator sees them: due, scheduled later, running,
// failed (being retried) and dead jobs (retries spent), with the dead ones' last errors. Reads
// the database of DATABASE_URL, or the PGlite folder when no server has it open.
import { DatabaseInUseError, openDb, type DbHandle } from "../lib/db/open";
import { EnvError, getDatabaseEnv } from "../lib/env";
import { openBoss } from "../lib/jobs/boss";
import { queueOverview } from "../lib/jobs/overview";

async function main() {
  let handle: DbHandle;
  try {
    const env = getDatabaseEnv();
    handle = await openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR });
  } catch (error) {
    console.error(error instanceof EnvError || error instanceof DatabaseInUseError ? error.message : error);
    process.exit(1);
  }
  const queue = await openBoss(handle.source);
  const rows = await queueOverview(queue);
  console.table(rows.map(({ lastErrors: _errors, ...counts }) => counts));
  for (const row of rows) for (const failure of row.lastErrors) console.log(`failed ${row.name} ${failure.at.toISOString()}: ${failure.error}`);
  await queue.stop({ graceful: false });
  await handle.close();
}

void main();
