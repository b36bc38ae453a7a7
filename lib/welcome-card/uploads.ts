import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { uploads } from "@/lib/db/schema";

// The uploads a welcome card may use: only those of the guild itself (rows, not stored
// objects, belong to a guild: two guilds uploading the same bytes share one object).
// One by key: findGuildUploadByKey in lib/images/uploads.ts.

/** Uploaded backgrounds offered again in the picker, next to the presets. */
export const RECENT_WELCOME_UPLOADS = 6;

export type CardUpload = { id: string; key: string; width: number; height: number; createdAt: Date };

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
