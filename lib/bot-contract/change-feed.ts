import "server-only";
import { setTimeout as sleep } from "node:timers/promises";
import { asc, gt, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { configChangeCounter, configChanges } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import type { Change } from "./schemas";

// Reading the change feed (the rows lib/bot-contract/record-change.ts writes, numbered at
// commit by migration 0017's trigger). Rows are read in (commit_number, id) order: a commit is
// visible whole or not at all, and commit numbers are handed out in commit order with no gap,
// so a reader that has seen commit N has seen every commit before it, and a cursor never skips
// a change that commits later. The wait polls the database rather than an event of this
// process: any instance of the app may have made the change.

/** How often a waiting request looks again. */
const POLL_MS = 250;

/** After commit `commit` whole, or after its change `change` (a page that ended inside a commit). */
export type Cursor = { commit: number; change: number | null };

export function parseCursor(text: string): Cursor {
  const [commit, change] = text.split(".");
  return { commit: Number(commit), change: change === undefined ? null : Number(change) };
}

export function formatCursor(cursor: Cursor): string {
  return cursor.change === null ? String(cursor.commit) : `${cursor.commit}.${cursor.change}`;
}

/** The number of the last committed change: the feed's position now, as the reader's snapshot sees it. */
export async function lastCommit(db: Db | Tx): Promise<number> {
  const [counter] = await db.select({ value: configChangeCounter.value }).from(configChangeCounter);
  return counter?.value ?? 0;
}

type Row = typeof configChanges.$inferSelect;

function toChange(row: Row): Change {
  return {
    commit: row.commitNumber!,
    guild_id: row.guildId,
    at: row.at.toISOString(),
    kind: row.kind,
    plugin_id: row.pluginId,
    collection: row.collection,
    item_id: row.itemId,
    value: row.value,
  } as Change;
}

type ChangesPage = { changes: Change[]; cursor: string };

/** Up to `limit` changes after the cursor, and the cursor after them. */
export async function readChanges(db: Db, after: Cursor, limit: number): Promise<ChangesPage> {
  const newer =
    after.change === null ? gt(configChanges.commitNumber, after.commit) : sql`(${configChanges.commitNumber}, ${configChanges.id}) > (${after.commit}, ${after.change})`;
  // One row more than asked: it tells whether the page ends inside a commit.
  const rows = await db
    .select()
    .from(configChanges)
    .where(newer)
    .orderBy(asc(configChanges.commitNumber), asc(configChanges.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  if (!last) return { changes: [], cursor: formatCursor(after) };
  const cut = rows[limit]?.commitNumber === last.commitNumber;
  return { changes: page.map(toChange), cursor: formatCursor({ commit: last.commitNumber!, change: cut ? last.id : null }) };
}

/**
 * The changes after the cursor; with none yet, looks again every POLL_MS until one commits or
 * `waitSeconds` pass (or the caller goes away). A cursor past the feed's end was not given by
 * this database: 409, as waiting for it would wait for changes the bot already holds others of.
 */
export async function waitForChanges(db: Db, after: Cursor, options: { limit: number; waitSeconds: number; signal?: AbortSignal }): Promise<ChangesPage> {
  if (after.commit > (await lastCommit(db))) {
    throw new ApiError(409, "cursor_ahead", "This cursor is ahead of the change feed: it comes from another database. Read the guild config again and continue from its version.");
  }
  const deadline = Date.now() + options.waitSeconds * 1000;
  for (;;) {
    const page = await readChanges(db, after, options.limit);
    const left = deadline - Date.now();
    if (page.changes.length > 0 || left <= 0 || options.signal?.aborted) return page;
    await sleep(Math.min(POLL_MS, left), undefined, { signal: options.signal }).catch(() => undefined);
  }
}
