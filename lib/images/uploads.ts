import "server-only";
import { randomUUID } from "node:crypto";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { uploads } from "@/lib/db/schema";

// Queries on the uploads table. Every read of a guild's uploads filters by guild id.

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Omit<typeof uploads.$inferInsert, "id" | "createdAt">;

export async function insertUpload(db: Db, values: NewUpload): Promise<UploadRow> {
  const [row] = await db
    .insert(uploads)
    .values({ id: randomUUID(), ...values })
    .returning();
  if (!row) throw new Error("insertUpload returned no row");
  return row;
}

export async function findUpload(db: Db, guildId: string, id: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.guildId, guildId), eq(uploads.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * The guild's newest upload row with this storage key, or null when this guild never uploaded
 * it. Rows, not stored objects, belong to a guild: two guilds uploading the same bytes share a key.
 */
export async function findGuildUploadByKey(db: Db, guildId: string, key: string): Promise<UploadRow | null> {
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.guildId, guildId), eq(uploads.key, key)))
    .orderBy(desc(uploads.createdAt))
    .limit(1);
  return row ?? null;
}

/** A guild's uploads, newest first. */
export async function listUploads(db: Db, guildId: string, options: { limit?: number; offset?: number } = {}): Promise<UploadRow[]> {
  return db
    .select()
    .from(uploads)
    .where(eq(uploads.guildId, guildId))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(options.limit ?? 50)
    .offset(options.offset ?? 0);
}

/** True when any row (of any guild) points at a stored object: it must not be deleted. */
export async function isKeyReferenced(db: Db, key: string): Promise<boolean> {
  const [row] = await db.select({ id: uploads.id }).from(uploads).where(eq(uploads.key, key)).limit(1);
  return row !== undefined;
}
