import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNull, lt, notInArray, or } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { sessions } from "@/lib/db/schema";
import { SESSION_IDLE_MS, SESSION_LIFETIME_MS } from "./session-cookie";

// Queries on the `sessions` table. Callers go through ./store.ts, which also
// keeps the session cache (session-cache.ts) in step.

export type SessionRecord = typeof sessions.$inferSelect;

/** A user's sessions beyond this many (least recently seen first) end at their next sign-in. */
export const MAX_SESSIONS_PER_USER = 50;

export async function insertSessionRecord(db: Db, input: { userId: string; userAgent: string | null }, now: Date): Promise<string> {
  // 256 random bits, base64url: the cookie schema expects exactly 43 characters.
  const id = randomBytes(32).toString("base64url");
  await db.insert(sessions).values({
    id,
    userId: input.userId,
    createdAt: now,
    lastSeenAt: now,
    expiresAt: new Date(now.getTime() + SESSION_LIFETIME_MS),
    userAgent: input.userAgent?.slice(0, 200) || null,
  });
  return id;
}

export async function findSessionRecord(db: Db, id: string): Promise<SessionRecord | null> {
  const [row] = await db.select().from(sessions).where(eq(sessions.id, id)).limit(1);
  return row ?? null;
}

export function isLive(record: SessionRecord, now: Date): boolean {
  return record.revokedAt === null && record.expiresAt > now && now.getTime() - record.lastSeenAt.getTime() < SESSION_IDLE_MS;
}

/** Moves last_seen_at to now unless another request did so within `interval` ms. */
export async function touchSessionRecord(db: Db, id: string, now: Date, interval: number): Promise<void> {
  await db
    .update(sessions)
    .set({ lastSeenAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt), lt(sessions.lastSeenAt, new Date(now.getTime() - interval))));
}

export async function revokeSessionRecord(db: Db, id: string, now: Date): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.id, id), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user; returns how many. */
export async function revokeUserSessionRecords(db: Db, userId: string, now: Date): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: now })
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .returning({ id: sessions.id });
  return rows.length;
}

/**
 * Keeps the table bounded: deletes every session past its lifetime or idle for
 * longer than the idle timeout (a revoked one stops being seen, so it goes once idle),
 * and the user's sessions beyond MAX_SESSIONS_PER_USER. Both use an index.
 */
export async function pruneSessionRecords(db: Db, userId: string, now: Date): Promise<void> {
  await db.delete(sessions).where(or(lt(sessions.expiresAt, now), lt(sessions.lastSeenAt, new Date(now.getTime() - SESSION_IDLE_MS))));
  const kept = db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt)))
    .orderBy(desc(sessions.lastSeenAt))
    .limit(MAX_SESSIONS_PER_USER);
  await db.delete(sessions).where(and(eq(sessions.userId, userId), notInArray(sessions.id, kept)));
}
