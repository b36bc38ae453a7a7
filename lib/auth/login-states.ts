import "server-only";
import { randomBytes } from "node:crypto";
import { and, desc, eq, gt, lt, lte, ne, sql } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { loginStates } from "@/lib/db/schema";
import { LOGIN_COOKIE } from "./login-cookie";

const STATE_TTL_MS = LOGIN_COOKIE.maxAgeSeconds * 1000;

/**
 * At most this many sign-ins wait for their callback at once (about 8 per second
 * for the whole state lifetime); beyond it the oldest give way. /api/login is
 * anonymous, so without a cap a loop could grow the table without bound; with it,
 * a flood costs real visitors at worst a "please start again".
 */
export const MAX_PENDING_LOGIN_STATES = 5_000;

export async function createLoginState(db: Db, now = new Date()): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  // Abandoned logins go first (index on created_at: each row is deleted once).
  await db.delete(loginStates).where(lt(loginStates.createdAt, new Date(now.getTime() - STATE_TTL_MS)));
  await db.insert(loginStates).values({ state, createdAt: now });
  await evictBeyondCap(db, state);
  return state;
}

/**
 * Deletes the oldest states beyond the cap in one statement: the subquery reads at
 * most the cap's worth of index entries, and finds nothing while under the cap.
 */
async function evictBeyondCap(db: Db, keep: string): Promise<void> {
  const cutoff = db.select({ createdAt: loginStates.createdAt }).from(loginStates).orderBy(desc(loginStates.createdAt)).offset(MAX_PENDING_LOGIN_STATES).limit(1);
  await db.delete(loginStates).where(and(lte(loginStates.createdAt, sql`(${cutoff})`), ne(loginStates.state, keep)));
}

/** Deletes the state and says whether it existed and was fresh: a state works once. */
export async function consumeLoginState(db: Db, state: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .delete(loginStates)
    .where(and(eq(loginStates.state, state), gt(loginStates.createdAt, new Date(now.getTime() - STATE_TTL_MS))))
    .returning({ state: loginStates.state });
  return rows.length === 1;
}
