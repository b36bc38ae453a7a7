import { NextResponse } from "next/server";
import { getDb } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/route";
import { revokeToken } from "@/lib/platform/oauth";
import { clearSessionCookies } from "@/lib/session/browser-cookies";
import { endSession } from "@/lib/session/store";

// POST /api/logout: ends this session, so a copy of its cookie stops working too;
// revoking the platform token is best effort.
export const POST = publicRoute({}, async ({ session }) => {
  if (session) {
    await endSession(await getDb(), session.sid);
    await revokeToken(session.accessToken).catch(() => undefined);
  }
  return clearSessionCookies(NextResponse.json({ ok: true }));
});
