import { NextResponse } from "next/server";
import { publicRoute } from "@/lib/http/route";
import { revokeToken } from "@/lib/platform/oauth";
import { cookieName, cookieOptions } from "@/lib/session/cookie";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";

// POST /api/logout: clears the session; revoking the platform token is best effort.
export const POST = publicRoute({}, async ({ session }) => {
  if (session) await revokeToken(session.accessToken).catch(() => undefined);
  const response = NextResponse.json({ ok: true });
  response.cookies.set(cookieName(SESSION_COOKIE), "", { ...cookieOptions(SESSION_COOKIE), maxAge: 0 });
  return response;
});
