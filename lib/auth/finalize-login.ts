import "server-only";
import type { Db } from "@/lib/db/client";
import { ApiError } from "@/lib/http/api-error";
import { exchangeCode } from "@/lib/platform/oauth";
import { getCurrentUser } from "@/lib/platform/user-api";
import type { Session } from "@/lib/session/session-cookie";
import { startSession } from "@/lib/session/store";
import { recordLogin, type UserRow } from "@/lib/users/queries";
import type { LoginCookie } from "./login-cookie";
import { consumeLoginState } from "./login-states";

export type FinalizedLogin = { session: Session; user: UserRow; firstLogin: boolean; redirect: string; popup: boolean };

/**
 * Turns the callback's code into a session (its record and the cookie's content).
 * The state must match the pre-login cookie of this browser and be unused;
 * otherwise nothing is created.
 */
export async function finalizeLogin(
  db: Db,
  input: { code: string; state: string | undefined; loginCookie: LoginCookie | null; userAgent: string | null },
): Promise<FinalizedLogin> {
  const { loginCookie } = input;
  if (!input.state) throw new ApiError(400, "login_state_missing", "The sign-in request is missing its state. Please start again.");
  if (!loginCookie) throw new ApiError(400, "login_expired", "This sign-in attempt expired or began in another browser. Please start again.");
  if (loginCookie.state !== input.state) throw new ApiError(400, "login_state_mismatch", "The sign-in request does not match this browser. Please start again.");
  if (!(await consumeLoginState(db, input.state))) {
    throw new ApiError(400, "login_state_used", "This sign-in link was already used or has expired. Please start again.");
  }
  const tokens = await exchangeCode(input.code);
  const platformUser = await getCurrentUser(tokens.accessToken);
  const { row, firstLogin } = await recordLogin(db, platformUser);
  const now = new Date();
  const sid = await startSession(db, { userId: platformUser.id, userAgent: input.userAgent }, now);
  const session: Session = {
    v: 2,
    sid,
    userId: platformUser.id,
    accessToken: tokens.accessToken,
    refreshToken: tokens.refreshToken,
    expiresAt: tokens.expiresAt,
    scope: tokens.scope,
    createdAt: now.getTime(),
  };
  return { session, user: row, firstLogin, redirect: loginCookie.redirect, popup: loginCookie.popup };
}
