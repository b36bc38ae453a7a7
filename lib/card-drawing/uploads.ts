import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { uploads } from "@/lib/db/schema";
import { isKeyReferenced } from "@/lib/images/uploads";
import { getStorage } from "@/lib/storage";

// The uploads a card (welcome, rank) offers as backgrounds: only those of the guild itself
// (rows, not stored objects, belong to a guild: two guilds uploading the same bytes share one
// object), uploaded for that card's plugin. One by key: findGuildUploadByKey in lib/images/uploads.ts.

/** Uploaded backgrounds offered again in the picker, next to the presets. */
export const RECENT_WELCOME_UPLOADS = 6;

export type CardUpload = { id: string; key: string; width: number; height: number; createdAt: Date };

/** The images uploaded for `pluginId` in a guild, newest first, one per stored object. */
export async function listCardUploads(db: Db, guildId: string, pluginId: string, limit: number): Promise<CardUpload[]> {
  const rows = await db
    .select({ id: uploads.id, key: uploads.key, width: uploads.width, height: uploads.height, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.guildId, guildId), eq(uploads.pluginId, pluginId)))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(limit * 4);
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.key) && seen.add(row.key)).slice(0, limit);
}

/** One background of `pluginId` in a guild, or null when the guild has no such upload for that plugin. */
export async function findCardUpload(db: Db, guildId: string, pluginId: string, id: string): Promise<CardUpload | null> {
  const [row] = await db
    .select({ id: uploads.id, key: uploads.key, width: uploads.width, height: uploads.height, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.guildId, guildId), eq(uploads.pluginId, pluginId), eq(uploads.id, id)))
    .limit(1);
  return row ?? null;
}

/**
 * Forgets a background of `pluginId` in a guild: every row of that guild and plugin with its
 * key (the picker shows one per key), and the stored object once no row of any guild points
 * at it. An object whose removal fails stays behind: it costs space, never correctness.
 */
export async function deleteCardUpload(db: Db, guildId: string, pluginId: string, key: string): Promise<void> {
  await db.delete(uploads).where(and(eq(uploads.guildId, guildId), eq(uploads.pluginId, pluginId), eq(uploads.key, key)));
  if (!(await isKeyReferenced(db, key))) await getStorage().delete(key).catch(() => undefined);
}
