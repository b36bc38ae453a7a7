import type { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { cookieName, cookieOptions, seal } from "./cookie";
import { SESSION_COOKIE, sessionCookieMaxAge, sessionLifetimeLeft, type Session } from "./session-cookie";
import { SIGNED_IN_COOKIE } from "./signed-in-hint";

// The session's cookies as the browser keeps them: they last as long as the session record
// would (lib/session/store.ts): SESSION_IDLE_MS from the last time the record was seen in use,
// never past SESSION_LIFETIME_MS after sign-in. Set at sign-in, on a token refresh and each
// time middleware moves the record's last_seen_at; cleared on sign-out.

/** The session sealed for its cookie: the seal stops opening at the record's absolute end. */
export function sealSession(session: Session, now = Date.now()): Promise<string> {
  return seal(SESSION_COOKIE, session, Math.max(1, Math.ceil(sessionLifetimeLeft(session, now) / 1000)));
}

export function setSessionCookies(response: NextResponse, sealed: string, session: Session, now = Date.now()): void {
  const maxAge = sessionCookieMaxAge(session, now);
  response.cookies.set(cookieName(SESSION_COOKIE), sealed, { ...cookieOptions(SESSION_COOKIE), maxAge });
  response.cookies.set(SIGNED_IN_COOKIE, "1", hintOptions(maxAge));
}

/** Tells the browser to drop its session cookie and the signed-in hint. */
export function clearSessionCookies<T extends NextResponse>(response: T): T {
  response.cookies.set(cookieName(SESSION_COOKIE), "", { ...cookieOptions(SESSION_COOKIE), maxAge: 0 });
  response.cookies.set(SIGNED_IN_COOKIE, "", hintOptions(0));
  return response;
}

function hintOptions(maxAge: number) {
  return { sameSite: "lax" as const, secure: getEnv().secureCookies, path: "/", httpOnly: false, maxAge };
}
