import "server-only";
import { getEnv } from "@/lib/env";
import { openDb, type Db, type DbHandle } from "./open";

export type { Db, Tx } from "./open";

// One handle per process, kept on globalThis so Next's module copies share it
// (PGlite allows a single opener of a data folder).
const globalKey = Symbol.for("guildhall.db");
type GlobalWithDb = typeof globalThis & { [globalKey]?: Promise<DbHandle> };

/** This process's database handle (the job queue needs its source as well as drizzle). */
export function getDbHandle(): Promise<DbHandle> {
  const store = globalThis as GlobalWithDb;
  if (!store[globalKey]) {
    const env = getEnv();
    const opening = openDb({ databaseUrl: env.DATABASE_URL, pgliteDir: env.PGLITE_DIR, pgliteTemplate: env.PGLITE_TEMPLATE });
    store[globalKey] = opening;
    opening.catch(() => delete store[globalKey]);
  }
  return store[globalKey];
}

export function getDb(): Promise<Db> {
  return getDbHandle().then((handle) => handle.db);
}

export async function closeDb(): Promise<void> {
  const store = globalThis as GlobalWithDb;
  const handle = store[globalKey];
  delete store[globalKey];
  if (handle) await (await handle).close();
}
