import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { cookieName, unseal } from "./cookie";
import { SESSION_COOKIE, type Session } from "./session-cookie";

/** The current session for server components; read once per request. */
export const getSession = cache(async (): Promise<Session | null> => {
  const store = await cookies();
  return unseal(SESSION_COOKIE, store.get(cookieName(SESSION_COOKIE))?.value);
});
