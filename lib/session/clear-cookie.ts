import type { NextResponse } from "next/server";
import { cookieName, cookieOptions } from "./cookie";
import { SESSION_COOKIE } from "./session-cookie";

/** Tells the browser to drop its session cookie. */
export function clearSessionCookie(response: NextResponse): NextResponse {
  response.cookies.set(cookieName(SESSION_COOKIE), "", { ...cookieOptions(SESSION_COOKIE), maxAge: 0 });
  return response;
}
