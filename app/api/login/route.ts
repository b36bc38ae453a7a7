import { NextResponse } from "next/server";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { LOGIN_COOKIE } from "@/lib/auth/login-cookie";
import { createLoginState } from "@/lib/auth/login-states";
import { defaultAfterLogin, isSafePath } from "@/lib/auth/redirect";
import { getDb } from "@/lib/db/client";
import { publicRoute } from "@/lib/http/route";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/locales";
import { buildAuthorizeUrl } from "@/lib/platform/oauth";
import { cookieName, cookieOptions, seal } from "@/lib/session/cookie";

const query = z.object({
  redirect: inputText().max(2048).optional(),
  login_type: z.literal("DEFAULT").default("DEFAULT"),
  popup: z.enum(["0", "1"]).default("0"),
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
});

// GET /api/login: starts the OAuth consent with a fresh single-use state bound to this browser.
// Each start stores a state row: budgeted per client address (per user when signed in).
export const GET = publicRoute({ query, budget: "logins" }, async ({ query }) => {
  const state = await createLoginState(await getDb());
  const redirect = query.redirect && isSafePath(query.redirect) ? query.redirect : defaultAfterLogin(query.locale);
  const sealed = await seal(LOGIN_COOKIE, { state, redirect, popup: query.popup === "1", locale: query.locale });
  const response = NextResponse.redirect(buildAuthorizeUrl({ state }), 302);
  response.cookies.set(cookieName(LOGIN_COOKIE), sealed, cookieOptions(LOGIN_COOKIE));
  response.headers.set("Cache-Control", "no-store");
  return response;
});
