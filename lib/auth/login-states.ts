import "server-only";
import { randomBytes } from "node:crypto";
import { and, eq, gt, lt } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { loginStates } from "@/lib/db/schema";
import { LOGIN_COOKIE } from "./login-cookie";

const STATE_TTL_MS = LOGIN_COOKIE.maxAgeSeconds * 1000;

export async function createLoginState(db: Db, now = new Date()): Promise<string> {
  const state = randomBytes(32).toString("base64url");
  await db.insert(loginStates).values({ state, createdAt: now });
  // Forget abandoned logins so the table stays small.
  await db.delete(loginStates).where(lt(loginStates.createdAt, new Date(now.getTime() - STATE_TTL_MS)));
  return state;
}

/** Deletes the state and says whether it existed and was fresh: a state works once. */
export async function consumeLoginState(db: Db, state: string, now = new Date()): Promise<boolean> {
  const rows = await db
    .delete(loginStates)
    .where(and(eq(loginStates.state, state), gt(loginStates.createdAt, new Date(now.getTime() - STATE_TTL_MS))))
    .returning({ state: loginStates.state });
  return rows.length === 1;
}
