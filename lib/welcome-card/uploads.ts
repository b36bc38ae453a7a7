import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { uploads } from "@/lib/db/schema";

// The uploads a welcome card may use: only those of the guild itself (rows, not stored
// objects, belong to a guild: two guilds uploading the same bytes share one object).

/** Uploaded backgrounds offered again in the picker, next to the presets. */
export const RECENT_WELCOME_UPLOADS = 6;

export type CardUpload = { id: string; key: string; width: number; height: number; createdAt: Date };

/** The guild's newest upload row with this storage key, or null when this guild never uploaded it. */
export async function findGuildUploadByKey(db: Db, guildId: string, key: string): Promise<CardUpload | null> {
  const [row] = await db
    .select({ id: uploads.id, key: uploads.key, width: uploads.width, height: uploads.height, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.guildId, guildId), eq(uploads.key, key)))
    .orderBy(desc(uploads.createdAt))
    .limit(1);
  return row ?? null;
}

/** The images uploaded for the welcome plugin of a guild, newest first, one per stored object. */
export async function listWelcomeUploads(db: Db, guildId: string, limit: number): Promise<CardUpload[]> {
  const rows = await db
    .select({ id: uploads.id, key: uploads.key, width: uploads.width, height: uploads.height, createdAt: uploads.createdAt })
    .from(uploads)
    .where(and(eq(uploads.guildId, guildId), eq(uploads.pluginId, "welcome")))
    .orderBy(desc(uploads.createdAt), desc(uploads.id))
    .limit(limit * 4);
  const seen = new Set<string>();
  return rows.filter((row) => !seen.has(row.key) && seen.add(row.key)).slice(0, limit);
}
