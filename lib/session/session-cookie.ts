import { z } from "zod";
import { snowflake } from "@/lib/platform/snowflake";
import type { CookieSpec } from "./cookie";

/** How long a session may go unused before it ends. */
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** How long a session lasts at most, however active. */
export const SESSION_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;

export const sessionSchema = z.object({
  // Version 2 added `sid`: a version 1 cookie names no session record and reads as signed out.
  v: z.literal(2),
  /** The `sessions` row this cookie belongs to (lib/session/records.ts). */
  sid: z.string().regex(/^[\w-]{43}$/),
  userId: snowflake,
  accessToken: z.string().min(1),
  refreshToken: z.string().min(1),
  /** When the access token expires, ms since epoch. */
  expiresAt: z.number().int(),
  scope: z.string(),
  createdAt: z.number().int(),
});

export type Session = z.infer<typeof sessionSchema>;

export const SESSION_COOKIE: CookieSpec<Session> = {
  baseName: "gh_session",
  maxAgeSeconds: SESSION_LIFETIME_MS / 1000,
  schema: sessionSchema,
};

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
