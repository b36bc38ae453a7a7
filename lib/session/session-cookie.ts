import { z } from "zod";
import { snowflake } from "@/lib/platform/snowflake";
import type { CookieSpec } from "./cookie";

/** How long a session may go unused before it ends. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a session lasts at most, however active. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export const sessionSchema = z.object({
  // Version 2 added `sid`: a version 1 cookie names no session record and reads as signed out.
  v: z.literal(2),
  /** The `sessions` row this cookie belongs to (lib/session/records.ts). */
  sid: z.string().regex(/^[\w-]{43}$/),
  userId: snowflake,
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When the access token expires, ms since epoch. */
  expiresAt: z.number().int(),
  scope: z.string(),
  createdAt: z.number().int(),
});

export type Session = z.infer<typeof sessionSchema>;

/** Its Max-Age and seal are set per session (lib/session/browser-cookies.ts); maxAgeSeconds bounds any. */
export const SESSION_COOKIE: CookieSpec<Session> = {
  baseName: "gh_session",
  maxAgeSeconds: SESSION_LIFETIME_MS / 1000,
  schema: sessionSchema,
};

/** How long the session's record lasts from `now` at most (its absolute end, SESSION_LIFETIME_MS after sign-in), in ms. */
export function sessionLifetimeLeft(session: Session, now = Date.now()): number {
  return session.createdAt + SESSION_LIFETIME_MS - now;
}

/**
 * The session cookie's Max-Age set at `now`, in seconds: until the record would end if the
 * session went unused from now on (SESSION_IDLE_MS; the cookie is set again each time the
 * record's last_seen_at moves), and never past the record's absolute end.
 */
export function sessionCookieMaxAge(session: Session, now = Date.now()): number {
  return Math.max(0, Math.floor(Math.min(SESSION_IDLE_MS, sessionLifetimeLeft(session, now)) / 1000));
}

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
