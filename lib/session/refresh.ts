import { refreshAccessToken } from "@/lib/platform/oauth";
import { PlatformError } from "@/lib/platform/errors";
import { REFRESH_MARGIN_MS, type Session } from "./session-cookie";

// Access tokens are refreshed shortly before they expire. The platform rotates
// refresh tokens, so concurrent requests carrying the same old cookie must share
// one refresh: the result is kept for a minute keyed by the old refresh token.

type Outcome = { kind: "refreshed"; session: Session } | { kind: "revoked" } | { kind: "unchanged" };

const RESULT_TTL_MS = 60_000;
const recent = new Map<string, { at: number; outcome: Promise<Outcome> }>();

export function needsRefresh(session: Session, now = Date.now()): boolean {
  return session.expiresAt - now < REFRESH_MARGIN_MS;
}

export function refreshSession(session: Session, now = Date.now()): Promise<Outcome> {
  for (const [key, entry] of recent) if (now - entry.at > RESULT_TTL_MS) recent.delete(key);
  const existing = recent.get(session.refreshToken);
  if (existing) return existing.outcome;
  const outcome = runRefresh(session);
  recent.set(session.refreshToken, { at: now, outcome });
  return outcome;
}

async function runRefresh(session: Session): Promise<Outcome> {
  try {
    const tokens = await refreshAccessToken(session.refreshToken);
    // Same session (`sid`), new tokens: the record and its lifetime carry on.
    return {
      kind: "refreshed",
      session: { ...session, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: tokens.expiresAt, scope: tokens.scope },
    };
  } catch (error) {
    // A refused grant means the user revoked us: sign out. Anything else is
    // transient: keep the current tokens and try again on a later request.
    if (error instanceof PlatformError && (error.kind === "bad_request" || error.kind === "unauthorized")) return { kind: "revoked" };
    console.warn("[session] token refresh failed, keeping the current session", error);
    return { kind: "unchanged" };
  }
}
