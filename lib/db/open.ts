import { mkdirSync } from "node:fs";
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
import { lockPgliteDir } from "./pglite-lock";
import * as schema from "./schema";

// Opening a database and applying migrations. Not server-only so the start
// script can migrate before the server boots; app code uses client.ts.

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

export type DbHandle = { db: Db; close: () => Promise<void> };

/** Opens a database and applies the committed migrations. PostgreSQL when a URL is given, else PGlite. */
export async function openDb(options: { databaseUrl?: string; pgliteDir: string }): Promise<DbHandle> {
  if (options.databaseUrl) {
    const pool = new Pool({ connectionString: options.databaseUrl, max: 10 });
    const db = drizzlePg({ client: pool, schema });
    await migratePg(db, { migrationsFolder });
    return { db: db as unknown as Db, close: () => pool.end() };
  }
  const inMemory = options.pgliteDir.startsWith("memory://");
  // PGlite does not create parent folders itself.
  if (!inMemory) mkdirSync(path.dirname(path.resolve(options.pgliteDir)), { recursive: true });
  // The contrib extensions the migrations create (leaderboard search, 0013): PGlite loads only those it is given.
  const extensions = { btree_gin, pg_trgm, unaccent };
  // A folder is opened by one process at a time (./pglite-lock.ts); throws PgliteInUseError otherwise.
  const release = inMemory ? () => undefined : lockPgliteDir(options.pgliteDir);
  const client = new PGlite({ dataDir: inMemory ? undefined : options.pgliteDir, extensions });
  const close = () => client.close().finally(release);
  const db = drizzlePglite({ client, schema });
  try {
    await migratePglite(db, { migrationsFolder });
  } catch (error) {
    await close();
    throw error;
  }
  return { db: db as unknown as Db, close };
}

/** A transaction handle; queries that must run inside one take it instead of Db. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];
