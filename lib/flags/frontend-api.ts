import "server-only";
import type { NextRequest } from "next/server";
import { getDb } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { sessionIdOf } from "@/lib/http/session-id";
import { checkGuildPermission } from "@/lib/guilds/access";
import type { Session } from "@/lib/session/session-cookie";
import { findUser } from "@/lib/users/queries";
import { isStaff } from "@/lib/users/user-entity";
import { unleashContext, type FlagContext } from "./context";
import type { ContextInput } from "./context-input";
import { holdsEtag, togglesEtag } from "./etag";
import { flagEngine } from "./flags";

// The frontend API (Unleash's, spec 7: GET/POST /api/e) the browser flag client polls: the
// enabled flags for the caller's context, `{ toggles: [...] }`, with an ETag computed from the
// answer, and 304 with no body when the client already holds it (If-None-Match).

/** The context of a flag fetch: the session's user (their analytics id and staff bit from their row), the X-Session-ID, a guild the caller manages. */
export async function requestFlagContext(req: NextRequest, session: Session | null, input: ContextInput): Promise<FlagContext> {
  const sessionId = sessionIdOf(req.headers);
  if (input.guildId) {
    // A guild's flags say something about that guild: only the people who manage it may ask.
    if (!session) throw new ApiError(401, "unauthorized", "You need to sign in.");
    await checkGuildPermission(session, input.guildId);
  }
  if (!session) return { sessionId, analyticsId: input.analyticsId };
  const user = await findUser(await getDb(), session.userId);
  return { userId: session.userId, sessionId, analyticsId: user?.analyticsId, guildId: input.guildId, staff: isStaff(user?.flags ?? 0) };
}

/** The frontend API's answer for this request. */
export async function togglesAnswer(req: NextRequest, session: Session | null, input: ContextInput): Promise<Response> {
  const context = await requestFlagContext(req, session, input);
  const body = JSON.stringify({ toggles: (await flagEngine()).frontendToggles(unleashContext(context)) });
  const etag = togglesEtag(body);
  // no-store as every API answer (the pipeline sets it): the flag client keeps the ETag itself and sends it back.
  const headers = { ETag: etag };
  if (holdsEtag(req.headers.get("if-none-match"), etag)) return new Response(null, { status: 304, headers });
  return new Response(body, { headers: { ...headers, "Content-Type": "application/json" } });
}
