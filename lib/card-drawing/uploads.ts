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

/**
 * Forgets the background `id` of `pluginId` in a guild: every row of that guild and plugin
 * with its key (the picker shows one per key), and the stored object once no row of any
 * guild points at it. Null when the guild has no such upload for that plugin.
 */
export async function deleteCardUpload(db: Db, guildId: string, pluginId: string, id: string): Promise<{ key: string } | null> {
  const [row] = await db
    .select({ key: uploads.key })
    .from(uploads)
    .where(and(eq(uploads.guildId, guildId), eq(uploads.pluginId, pluginId), eq(uploads.id, id)))
    .limit(1);
  if (!row) return null;
  await db.delete(uploads).where(and(eq(uploads.guildId, guildId), eq(uploads.pluginId, pluginId), eq(uploads.key, row.key)));
  if (!(await isKeyReferenced(db, row.key))) await getStorage().delete(row.key).catch(() => undefined);
  return row;
}
