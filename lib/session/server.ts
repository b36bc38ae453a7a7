import "server-only";
import { cache } from "react";
import { cookies } from "next/headers";
import { cookieName } from "./cookie";
import { SESSION_COOKIE, type Session } from "./session-cookie";
import { readSession } from "./store";

/** The current session for server components; read once per request. */
export const getSession = cache(async (): Promise<Session | null> => {
  const store = await cookies();
  return readSession(store.get(cookieName(SESSION_COOKIE))?.value);
});
