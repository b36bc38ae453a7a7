// Jest's global set-up: one migrated PGlite database per set of migrations, dumped to a file that
// every test file's in-memory database starts from (PGLITE_TEMPLATE, lib/db/open.ts) instead of
// running PGlite's initdb and every migration again (seconds per file on a 2-core machine).
// Against PostgreSQL (DATABASE_URL) there is nothing to make.
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { btree_gin } from "@electric-sql/pglite/contrib/btree_gin";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";

const migrationsFolder = path.join(process.cwd(), "lib/db/migrations");

/** The dump's name changes with any migration and with PGlite's version, so a stale dump is never used. */
function templatePath() {
  const hash = createHash("sha256");
  hash.update(readFileSync(path.join(process.cwd(), "node_modules/@electric-sql/pglite/package.json")));
  for (const folder of [migrationsFolder, path.join(migrationsFolder, "meta")]) {
    for (const name of readdirSync(folder).filter((file) => /\.(sql|json)$/.test(file)).sort()) hash.update(name).update(readFileSync(path.join(folder, name)));
  }
  return path.join(tmpdir(), `guildhall-pglite-template-${hash.digest("hex").slice(0, 16)}.tar`);
}

export default async function makePgliteTemplate() {
  if (process.env.DATABASE_URL || process.env.PGLITE_TEMPLATE) return;
  const file = templatePath();
  if (!existsSync(file)) {
    // The same extensions as lib/db/open.ts: the migrations create them.
    const client = new PGlite({ extensions: { btree_gin, pg_trgm, unaccent } });
    await migrate(drizzle({ client }), { migrationsFolder });
    const dump = await client.dumpDataDir("none");
    await client.close();
    // Written aside and renamed: a parallel run never reads half a dump.
    const partial = `${file}.${process.pid}`;
    writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    renameSync(partial, file);
  }
  // Jest's workers start after this and inherit the variable.
  process.env.PGLITE_TEMPLATE = file;
}
