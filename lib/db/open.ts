import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { Pool } from "pg";
import * as schema from "./schema";

// Opening a database and applying migrations. Not server-only so the start
// script can migrate before the server boots; app code uses client.ts.

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

/** Where the database lives: the job queue (lib/jobs) talks to the same one. */
export type DbSource = { kind: "postgres"; url: string } | { kind: "pglite"; client: PGlite };

export type DbHandle = { db: Db; source: DbSource; close: () => Promise<void> };

/** Opens a database and applies the committed migrations. PostgreSQL when a URL is given, else PGlite. */
export async function openDb(options: { databaseUrl?: string; pgliteDir: string; pgliteTemplate?: string }): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, source: { kind: "postgres", url: options.databaseUrl }, close: () => pool.end() };
  }
  const inMemory = options.pgliteDir.startsWith("memory://");
  // PGlite does not create parent folders itself.
  if (!inMemory) mkdirSync(path.dirname(path.resolve(options.pgliteDir)), { recursive: true });
  const unlock = inMemory ? () => undefined : lockFolder(options.pgliteDir);
  // The contrib extensions the migrations create (leaderboard search, 0013): PGlite loads only those it is given.
  const extensions = { btree_gin, pg_trgm, unaccent };
  // A new in-memory database may start from a dump of a migrated one (PGLITE_TEMPLATE): the test
  // run opens one per file, and PGlite's initdb costs seconds where loading a dump costs a fraction.
  const loadDataDir = inMemory && options.pgliteTemplate ? new Blob([readFileSync(options.pgliteTemplate)]) : undefined;
  const client = new PGlite({ dataDir: inMemory ? undefined : options.pgliteDir, extensions, loadDataDir });
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await client.close();
    unlock();
    throw error;
  }
  return { db: db as unknown as Db, source: { kind: "pglite", client }, close: () => client.close().finally(unlock) };
}

/** Thrown when another live process has the PGlite folder open. */
export class DatabaseInUseError extends Error {}

/**
 * PGlite is one process's database and does not guard its folder: two processes writing it
 * would corrupt it. A lock file beside the folder names the process that has it open; a lock
 * left by a process that is gone is taken over.
 */
function lockFolder(dir: string): () => void {
  const lockFile = `${path.resolve(dir)}.lock`;
  for (;;) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: "wx" });
      return () => rmSync(lockFile, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const holder = Number(readFileSync(lockFile, "utf8"));
      if (holder === process.pid || !isAlive(holder)) {
        rmSync(lockFile, { force: true });
        continue;
      }
      throw new DatabaseInUseError(`The PGlite database in ${dir} is open in process ${holder} (npm start?). PGlite has one process at a time: stop that process, or share a PostgreSQL through DATABASE_URL.`);
    }
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** A transaction handle; queries that must run inside one take it instead of Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
