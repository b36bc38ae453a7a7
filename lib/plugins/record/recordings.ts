import "server-only";
import { and, desc, eq, lt, or, type SQL } from "drizzle-orm";
import { z } from "zod";
import type { Db, Tx } from "@/lib/db/client";
import { recordings } from "@/lib/db/schema";
import { memberNames } from "@/lib/guilds/member-names";
import { inputText } from "@/lib/validation/text";
import type { RecordingPage, RecordingView } from "./view";

// The recordings of a guild as the bot reports them (recording_finished, lib/bot-contract/events.ts)
// and as the Record page lists them: newest first, in keyset pages.

const PAGE_SIZE = 20;

/** A page's cursor: `<started_at ISO>_<id>` of the last recording of the page before. */
const cursorSchema = inputText().regex(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z_[0-9a-f-]{36}$/, "must be a cursor from this list");

export const recordingListQuery = z.strictObject({
  before: cursorSchema.optional(),
  limit: z.coerce.number().int().min(1).max(100).default(PAGE_SIZE),
});
export type RecordingListQuery = z.output<typeof recordingListQuery>;

type Row = typeof recordings.$inferSelect;

function view(row: Row): RecordingView {
  return { id: row.id, channel_id: row.channelId, started_at: row.startedAt.toISOString(), duration_s: row.durationS, size_bytes: row.sizeBytes, participants: row.participants };
}

const cursorOf = (row: Row) => `${row.startedAt.toISOString()}_${row.id}`;

/** One page of the guild's recordings, newest first, the names of who was heard (those still known), and the cursor of the next (null on the last). */
export async function listRecordings(db: Db, guildId: string, query: RecordingListQuery): Promise<RecordingPage> {
  const where: (SQL | undefined)[] = [eq(recordings.guildId, guildId)];
  if (query.before) {
    const split = query.before.indexOf("_");
    const at = new Date(query.before.slice(0, split));
    const id = query.before.slice(split + 1);
    where.push(or(lt(recordings.startedAt, at), and(eq(recordings.startedAt, at), lt(recordings.id, id))));
  }
  const rows = await db
    .select()
    .from(recordings)
    .where(and(...where))
    .orderBy(desc(recordings.startedAt), desc(recordings.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const names = await memberNames(db, guildId, page.flatMap((row) => row.participants));
  return {
    recordings: page.map(view),
    names: Object.fromEntries([...names].map(([id, member]) => [id, member.name])),
    next_before: rows.length > query.limit ? cursorOf(page[page.length - 1]!) : null,
  };
}

/** A recording of the guild, or null. */
export async function getRecording(db: Db | Tx, guildId: string, id: string): Promise<Row | null> {
  const [row] = await db.select().from(recordings).where(and(eq(recordings.guildId, guildId), eq(recordings.id, id)));
  return row ?? null;
}

export type FinishedReport = { id: string; channelId: string; startedAt: Date; durationS: number; sizeBytes: number; participants: string[]; storageKey: string };

/** Records a recording the bot finished; false when its id is taken (by this guild or another). */
export async function recordFinished(tx: Tx, guildId: string, report: FinishedReport): Promise<boolean> {
  const inserted = await tx
    .insert(recordings)
    .values({ ...report, guildId })
    .onConflictDoNothing()
    .returning({ id: recordings.id });
  return inserted.length > 0;
}

/** Removes a recording's row; the caller removes its audio once this has committed. */
export async function deleteRecordingRow(tx: Tx, guildId: string, id: string): Promise<Row | null> {
  const [row] = await tx
    .delete(recordings)
    .where(and(eq(recordings.guildId, guildId), eq(recordings.id, id)))
    .returning();
  return row ?? null;
}
