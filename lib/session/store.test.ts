/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { getDb } from "@/lib/db/client";
import { sessions } from "@/lib/db/schema";
import { recordedSession } from "@/test/session-record";
import { seal } from "./cookie";
import { MAX_SESSIONS_PER_USER } from "./records";
import { clearSessionCacheForTests, SESSION_CACHE_TTL_MS } from "./session-cache";
import { SESSION_COOKIE, SESSION_IDLE_MS, type Session } from "./session-cookie";
import { endSession, readSession, startSession, TOUCH_INTERVAL_MS } from "./store";

// Runs on PGlite by default and on PostgreSQL when DATABASE_URL is set: every test uses its own user ids.

beforeAll(() => getDb()); // opening and migrating the database is not part of any test's budget

const uniqueUserId = () => String(100000000000000000n + BigInt(Math.floor(Math.random() * 1e15)));
const newSession = (userId = uniqueUserId()) => recordedSession({ userId, accessToken: "a", refreshToken: "r", expiresAt: Date.now() + 3_600_000, scope: "identify", createdAt: Date.now() });
const cookieOf = (session: Session) => seal(SESSION_COOKIE, session);

async function row(sid: string) {
  const db = await getDb();
  const [found] = await db.select().from(sessions).where(eq(sessions.id, sid));
  return found;
}

async function setRow(sid: string, values: Partial<typeof sessions.$inferInsert>) {
  const db = await getDb();
  await db.update(sessions).set(values).where(eq(sessions.id, sid));
  clearSessionCacheForTests();
}

describe("readSession", () => {
  it("trusts a check for the cache TTL: another instance's revocation counts once the check is older", async () => {
    const session = await newSession();
    const cookie = await cookieOf(session);
    expect(await readSession(cookie)).toEqual(session);
    // Revoked by another instance: this process's cache does not know yet.
    const db = await getDb();
    await db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, session.sid));
    expect(await readSession(cookie)).toEqual(session);
    expect(await readSession(cookie, Date.now() + SESSION_CACHE_TTL_MS + 1)).toBeNull();
  });

  it("sees a sign-out in this process at once", async () => {
    const session = await newSession();
    const cookie = await cookieOf(session);
    expect(await readSession(cookie)).not.toBeNull();
    await endSession(await getDb(), session.sid);
    expect(await readSession(cookie)).toBeNull();
    expect((await row(session.sid))?.revokedAt).toBeInstanceOf(Date);
  });

  it("refuses a cookie whose user is not its session's user", async () => {
    const session = await newSession();
    const other = { ...session, userId: uniqueUserId() };
    expect(await readSession(await cookieOf(other))).toBeNull();
    expect(await readSession(await cookieOf(session))).not.toBeNull();
    // Also when the session's check is cached.
    expect(await readSession(await cookieOf(other))).toBeNull();
  });

  it("moves last_seen_at at most once per touch interval", async () => {
    const session = await newSession();
    const cookie = await cookieOf(session);
    await setRow(session.sid, { lastSeenAt: new Date(Date.now() - TOUCH_INTERVAL_MS - 60_000) });
    const before = Date.now();
    expect(await readSession(cookie)).not.toBeNull();
    expect((await row(session.sid))!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before);

    const recent = new Date(Date.now() - TOUCH_INTERVAL_MS / 2);
    await setRow(session.sid, { lastSeenAt: recent });
    expect(await readSession(cookie)).not.toBeNull();
    expect((await row(session.sid))!.lastSeenAt.getTime()).toBe(recent.getTime());
  });
});

describe("startSession", () => {
  it("deletes sessions past their lifetime or idle beyond the timeout", async () => {
    const [expired, idle, live] = await Promise.all([newSession(), newSession(), newSession()]);
    await setRow(expired.sid, { expiresAt: new Date(Date.now() - 1000) });
    await setRow(idle.sid, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 1000) });
    await startSession(await getDb(), { userId: uniqueUserId(), userAgent: null });
    expect(await row(expired.sid)).toBeUndefined();
    expect(await row(idle.sid)).toBeUndefined();
    expect(await row(live.sid)).toBeDefined();
  });

  it(`keeps at most ${MAX_SESSIONS_PER_USER} sessions per user, ending the least recently seen`, async () => {
    const db = await getDb();
    const userId = uniqueUserId();
    const now = Date.now();
    const old = Array.from({ length: MAX_SESSIONS_PER_USER }, (_, i) => ({
      id: randomBytes(32).toString("base64url"),
      userId,
      lastSeenAt: new Date(now - (i + 1) * 60_000),
      expiresAt: new Date(now + 86_400_000),
    }));
    await db.insert(sessions).values(old);
    const sid = await startSession(db, { userId, userAgent: "x".repeat(1000) });
    const left = await db.select().from(sessions).where(eq(sessions.userId, userId));
    expect(left).toHaveLength(MAX_SESSIONS_PER_USER);
    expect(left.map((session) => session.id)).toContain(sid);
    expect(left.map((session) => session.id)).not.toContain(old.at(-1)!.id);
    expect(left.find((session) => session.id === sid)!.userAgent).toHaveLength(200);
  });
});
