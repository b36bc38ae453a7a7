import "server-only";
import { and, desc, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { guildManagers } from "@/lib/db/schema";

// Who manages a guild, as far as we know: the platform has no "managers of a guild" list the
// bot may read, and a user's own guild list needs their token, which only their session holds.
// So a user counts once the authoritative check (lib/guilds/access.ts) let them into the guild;
// each notification checks them again through the bot's view before it is sent
// (./recipients.ts), and a refused check forgets them.

/** A check younger than this is not written again (every guild call passes the check). */
const REMEMBER_EVERY_MS = 10 * 60_000;
/** Managers not seen for this long are no longer asked about (they may have left long ago). */
export const MANAGER_MEMORY_DAYS = 30;
/** At most this many managers of a guild receive its notifications (the most recently seen). */
export const MAX_RECIPIENTS = 50;

const rememberedKey = Symbol.for("guildhall.notifications.remembered");
type GlobalWithRemembered = typeof globalThis & { [rememberedKey]?: Map<string, number> };
/** When this process last wrote each guild/user pair. On globalThis: route bundles share it. */
const remembered = () => ((globalThis as GlobalWithRemembered)[rememberedKey] ??= new Map());

export async function rememberManager(db: Db, guildId: string, userId: string, now = Date.now()): Promise<void> {
  const key = `${guildId}:${userId}`;
  if (now - (remembered().get(key) ?? 0) < REMEMBER_EVERY_MS) return;
  remembered().set(key, now);
  const at = new Date(now);
  await db.insert(guildManagers).values({ guildId, userId, verifiedAt: at }).onConflictDoUpdate({ target: [guildManagers.guildId, guildManagers.userId], set: { verifiedAt: at } });
}

export async function forgetManager(db: Db, guildId: string, userId: string): Promise<void> {
  remembered().delete(`${guildId}:${userId}`);
  await db.delete(guildManagers).where(and(eq(guildManagers.guildId, guildId), eq(guildManagers.userId, userId)));
}

/** The guild's known managers (but `except`), most recently seen first. */
export async function knownManagers(db: Db, guildId: string, except?: string): Promise<string[]> {
  const rows = await db
    .select({ userId: guildManagers.userId })
    .from(guildManagers)
    .where(and(eq(guildManagers.guildId, guildId), gt(guildManagers.verifiedAt, sql`now() - make_interval(days => ${MANAGER_MEMORY_DAYS})`), except ? ne(guildManagers.userId, except) : undefined))
    .orderBy(desc(guildManagers.verifiedAt))
    .limit(MAX_RECIPIENTS);
  return rows.map((row) => row.userId);
}
