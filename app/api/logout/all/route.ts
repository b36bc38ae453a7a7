import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { userRoute } from "@/lib/http/route";
import { revokeToken } from "@/lib/platform/oauth";
import { clearSessionCookies } from "@/lib/session/browser-cookies";
import { endUserSessions } from "@/lib/session/store";

// POST /api/logout/all: "sign out everywhere": ends every session of the signed-in
// user (other browsers and devices, copied cookies). Only this browser's platform
// token can be revoked: the others' live only in their own cookies.
export const POST = userRoute({}, async ({ session }) => {
  const ended = await endUserSessions(await getDb(), session.userId);
  await revokeToken(session.accessToken).catch(() => undefined);
  return clearSessionCookies(NextResponse.json({ ok: true, ended_sessions: ended }));
});
