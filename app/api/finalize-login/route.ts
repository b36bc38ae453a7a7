import { NextResponse } from "next/server";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { recordLoginEvents } from "@/lib/analytics/login-events";
import { finalizeLogin } from "@/lib/auth/finalize-login";
import { LOGIN_COOKIE } from "@/lib/auth/login-cookie";
import { getDb } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/route";
import { sealSession, setSessionCookies } from "@/lib/session/browser-cookies";
import { cookieName, cookieOptions, unseal } from "@/lib/session/cookie";
import { endSession } from "@/lib/session/store";
import { toUserEntity } from "@/lib/users/user-entity";

const body = z.strictObject({
  code: inputText().min(1).max(512),
  state: inputText().max(512).optional(),
  login_type: z.literal("DEFAULT").default("DEFAULT"),
});

// POST /api/finalize-login: exchanges the callback code for a session (spec 7).
export const POST = publicRoute({ body, budget: "logins" }, async ({ req, body, session: previous }) => {
  const loginCookie = await unseal(LOGIN_COOKIE, req.cookies.get(cookieName(LOGIN_COOKIE))?.value);
  const db = await getDb();
  const login = await finalizeLogin(db, { code: body.code, state: body.state, loginCookie, userAgent: req.headers.get("user-agent") });
  // The new cookie replaces this browser's previous one: its session must not outlive it.
  if (previous) await endSession(db, previous.sid);
  recordLoginEvents(db, req, login.user, "login");
  const response = NextResponse.json({
    user: toUserEntity(login.user),
    redirect: login.redirect,
    popup: login.popup,
    first_login: login.firstLogin,
  });
  setSessionCookies(response, await sealSession(login.session), login.session);
  response.cookies.set(cookieName(LOGIN_COOKIE), "", { ...cookieOptions(LOGIN_COOKIE), maxAge: 0 });
  return response;
});
