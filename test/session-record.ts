// Tests only: session cookies sealed by hand (tokens a test chooses, e.g. about to
// expire) for a session record made the way finalize-login makes it.
import { getDb } from "@/lib/db/client";
import { seal } from "@/lib/session/cookie";
import { SESSION_COOKIE, type Session } from "@/lib/session/session-cookie";
import { startSession } from "@/lib/session/store";

export async function recordedSession(fields: Omit<Session, "v" | "sid">): Promise<Session> {
  const sid = await startSession(await getDb(), { userId: fields.userId, userAgent: "jest" });
  return { v: 2, sid, ...fields };
}

/** A `cookie` request header carrying the session. */
export async function sessionCookieHeader(session: Session): Promise<string> {
  return `gh_session=${encodeURIComponent(await seal(SESSION_COOKIE, session))}`;
}
