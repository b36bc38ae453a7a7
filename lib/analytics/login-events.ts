import "server-only";
import { eq } from "drizzle-orm";
import type { NextRequest } from "next/server";
import { getDb, type Db } from "@/lib/db/client";
import { cryptoCheckouts } from "@/lib/db/schema";
import { sessionIdOf } from "@/lib/http/session-id";
import { snowflakeToTimestamp } from "@/lib/platform/snowflake";
import { findUser, type UserRow } from "@/lib/users/queries";
import { CONSENT_COOKIE, consentOf, type Consent } from "./consent";
import { gatherInBackground, identifyServerUser, sendServerEvent, type UserProperties } from "./server-events";

// The sign-in events (spec 4): login_success on a sign-in, auto_login_success when a returning
// visitor's session carries on by itself (its tokens refreshed), account_created when the
// platform account is at most 20 s old (spec 9), and the identify of spec 7 (id, username, the
// email only when the visitor allowed it, avatar, wallet presence). Only with the visitor's
// consent; in the background: the caller never waits.

const ACCOUNT_NEW_MS = 20_000;
const DAY_MS = 86_400_000;

export type LoginKind = "login" | "auto_login";

/** The login event's properties (spec 4); the country is the region of the user's platform locale (en-US → US). */
export function loginProperties(user: UserRow, now: Date) {
  return {
    user_id: user.id,
    customer_id: user.customerId,
    user_logged: true,
    user_country: /^[a-z]{2,3}-([A-Z]{2})$/.exec(user.locale ?? "")?.[1] ?? null,
    mee6_life_time: Math.floor((now.getTime() - user.firstLoginAt.getTime()) / DAY_MS),
    discord_life_time: Math.floor((now.getTime() - snowflakeToTimestamp(user.id)) / DAY_MS),
  };
}

/** Spec 4 and 9: a platform account made 20 s ago or less. */
export const isNewAccount = (userId: string, now: Date) => now.getTime() - snowflakeToTimestamp(userId) <= ACCOUNT_NEW_MS;

async function userProperties(db: Db, user: UserRow, consent: Consent): Promise<UserProperties> {
  const [wallet] = await db.select({ id: cryptoCheckouts.id }).from(cryptoCheckouts).where(eq(cryptoCheckouts.userId, user.id)).limit(1);
  return {
    id: user.id,
    username: user.username,
    ...(consent.email && user.email ? { email: user.email } : {}),
    ...(user.avatar ? { avatar: user.avatar } : {}),
    has_crypto_wallet: wallet !== undefined,
  };
}

async function send(db: Db, user: UserRow, kind: LoginKind, consent: Consent, sessionId: number | undefined, now: Date): Promise<void> {
  const context = sessionId === undefined ? {} : { app_session_id: sessionId };
  identifyServerUser(user.analyticsId, await userProperties(db, user, consent));
  if (kind === "login" && isNewAccount(user.id, now)) sendServerEvent({ event_type: "account_created", user_id: user.analyticsId, event_properties: { ...context, user_id: user.id } });
  sendServerEvent({ event_type: kind === "login" ? "login_success" : "auto_login_success", user_id: user.analyticsId, event_properties: { ...context, ...loginProperties(user, now) } });
}

/** Records a sign-in for analytics, in the background; nothing without the visitor's consent. */
export function recordLoginEvents(db: Db, req: NextRequest, user: UserRow, kind: LoginKind, now = new Date()): void {
  const consent = consentOf(req.cookies.get(CONSENT_COOKIE)?.value);
  if (!consent?.analytics) return;
  gatherInBackground(send(db, user, kind, consent, sessionIdOf(req.headers), now).catch((error: unknown) => console.error("[analytics] the sign-in events were not recorded", error)));
}

/** A returning visitor's session carried on (middleware refreshed its tokens): auto_login_success, in the background. */
export function recordAutoLogin(req: NextRequest, userId: string): void {
  if (!consentOf(req.cookies.get(CONSENT_COOKIE)?.value)?.analytics) return;
  void (async () => {
    const db = await getDb();
    const user = await findUser(db, userId);
    if (user) recordLoginEvents(db, req, user, "auto_login");
  })().catch((error: unknown) => console.error("[analytics] the automatic sign-in was not recorded", error));
}
