import { z } from "zod";
import { snowflake } from "@/lib/platform/snowflake";
import type { CookieSpec } from "./cookie";

export const sessionSchema = z.object({
  v: z.literal(1),
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
  maxAgeSeconds: 30 * 24 * 60 * 60,
  schema: sessionSchema,
};

/** Refresh this long before the access token expires. */
export const REFRESH_MARGIN_MS = 5 * 60 * 1000;
