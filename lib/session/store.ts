import "server-only";
import { getDb, type Db } from "@/lib/db/client";
import { unseal } from "./cookie";
import { findSessionRecord, insertSessionRecord, isLive, pruneSessionRecords, revokeSessionRecord, revokeUserSessionRecords, touchSessionRecord } from "./records";
import { cacheEpoch, cachedSessionUser, forgetSession, forgetUserSessions, rememberSession } from "./session-cache";
import { SESSION_COOKIE, SESSION_IDLE_MS, type Session } from "./session-cookie";
import { announceSessionEnd, announceUserSessionsEnd } from "./session-ends";

// Revocable sessions: the sealed cookie carries the tokens and names a `sessions`
// row; the row decides whether the cookie still counts. Lifetimes are in
// session-cookie.ts, the short cache of positive checks (in Redis with REDIS_URL,
// shared by every instance) in session-cache.ts.

/** last_seen_at moves at most this often per session: enough for a 7-day idle timeout. */
export const TOUCH_INTERVAL_MS = 5 * 60 * 1000;

/**
 * The session a cookie value stands for, or null when the cookie is missing, not
 * ours, of an old version, or its record is missing, revoked, idle for longer than
 * SESSION_IDLE_MS or past its lifetime. The one check used by middleware, the API
 * pipeline and server components. Database errors propagate: a failing database
 * must not read as "signed out" (middleware would delete the cookie).
 */
export async function readSession(cookieValue: string | undefined, now = Date.now()): Promise<Session | null> {
  return (await openSession(cookieValue, now))?.session ?? null;
}

/**
 * readSession, also saying whether this check moved the record's last_seen_at (`seen`):
 * middleware then gives the browser's cookie a new Max-Age, so the cookie ends when the
 * record would (lib/session/browser-cookies.ts).
 */
export async function openSession(cookieValue: string | undefined, now = Date.now()): Promise<{ session: Session; seen: boolean } | null> {
  const session = await unseal(SESSION_COOKIE, cookieValue);
  if (!session) return null;
  const check = await recordAllows(session, now);
  return check === "refused" ? null : { session, seen: check === "seen" };
}

/**
 * Whether the session's record still allows it, without counting as use (no last_seen_at
 * move): what a long-lived event stream checks now and then. Trusts the cache like readSession.
 */
export async function sessionIsLive(session: Session, now = Date.now()): Promise<boolean> {
  return (await recordAllows(session, now, false)) !== "refused";
}

async function recordAllows(session: Session, now: number, inUse = true): Promise<"refused" | "live" | "seen"> {
  const cachedUser = await cachedSessionUser(session.sid, now);
  if (cachedUser !== undefined) return cachedUser === session.userId ? "live" : "refused";
  const epoch = await cacheEpoch();
  const db = await getDb();
  const record = await findSessionRecord(db, session.sid);
  if (!record || record.userId !== session.userId || !isLive(record, new Date(now))) return "refused";
  let lastSeen = record.lastSeenAt.getTime();
  const seen = inUse && now - lastSeen >= TOUCH_INTERVAL_MS;
  if (seen) {
    await touchSessionRecord(db, session.sid, new Date(now), TOUCH_INTERVAL_MS);
    lastSeen = now;
  }
  await rememberSession(session.sid, session.userId, now, Math.min(record.expiresAt.getTime(), lastSeen + SESSION_IDLE_MS), epoch);
  return seen ? "seen" : "live";
}

/** Creates the record of a new sign-in (and prunes dead ones); returns its id for the cookie. */
export async function startSession(db: Db, input: { userId: string; userAgent: string | null }, now = new Date()): Promise<string> {
  const sid = await insertSessionRecord(db, input, now);
  await pruneSessionRecords(db, input.userId, now);
  return sid;
}

// Both forget after the update: that also stops a check which read the row before
// the revocation from caching it afterwards (see cacheEpoch).

/** Ends one session for every copy of its cookie; effective at once on every instance (with REDIS_URL; in this process without). */
export async function endSession(db: Db, sid: string, now = new Date()): Promise<void> {
  await revokeSessionRecord(db, sid, now);
  await forgetSession(sid);
  await announceSessionEnd(sid);
}

/** Sign out everywhere: ends all of the user's sessions; returns how many were live. */
export async function endUserSessions(db: Db, userId: string, now = new Date()): Promise<number> {
  const count = await revokeUserSessionRecords(db, userId, now);
  await forgetUserSessions(userId);
  await announceUserSessionsEnd(userId);
  return count;
}
