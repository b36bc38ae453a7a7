import { z } from "zod";
import { isLocale, type Locale } from "@/lib/i18n/locales";
import type { CookieSpec } from "@/lib/session/cookie";

/** Pre-login cookie: binds the OAuth `state` to this browser and remembers where to go after. */
export const loginCookieSchema = z.object({
  state: z.string().min(32),
  redirect: z.string(),
  popup: z.boolean(),
  locale: z.string().refine(isLocale).transform((value) => value as Locale),
});

export type LoginCookie = z.infer<typeof loginCookieSchema>;

export const LOGIN_COOKIE: CookieSpec<LoginCookie> = {
  baseName: "gh_login",
  maxAgeSeconds: 10 * 60,
  schema: loginCookieSchema,
};
