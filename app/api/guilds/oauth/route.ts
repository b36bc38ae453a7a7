import { NextResponse } from "next/server";
import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { encodeGuildOAuthState } from "@/lib/auth/guild-oauth-state";
import { isSafePath } from "@/lib/auth/redirect";
import { getEnv } from "@/lib/env";
import { findManagedGuild } from "@/lib/guilds/user-guilds";
import { ApiError } from "@/lib/http/api-error";
import { userRoute } from "@/lib/http/route";
import { DEFAULT_LOCALE, LOCALES } from "@/lib/i18n/locales";
import { buildBotAuthorizeUrl } from "@/lib/platform/oauth";
import { BOT_PERMISSIONS } from "@/lib/platform/permissions";
import { platformId } from "@/lib/platform/snowflake";
import { fieldIssue } from "@/lib/validation/server-messages";

const query = z.object({
  guild_id: platformId("guild"),
  permissions: inputText()
    .refine((value) => value === BOT_PERMISSIONS.toString(), `must be ${BOT_PERMISSIONS}`)
    .optional(),
  redirect_uri: inputText().max(2048).optional(),
  target_path: inputText().max(2048).refine(isSafePath, "must be a path on this site").optional(),
  locale: z.enum(LOCALES).default(DEFAULT_LOCALE),
});

// GET /api/guilds/oauth: sends the browser to the platform's bot-add consent for a guild the user manages.
export const GET = userRoute({ query }, async ({ session, query }) => {
  const redirectUri = `${getEnv().APP_URL}/guild-oauth`;
  if (query.redirect_uri !== undefined && query.redirect_uri !== redirectUri) {
    throw new ApiError(400, "validation_failed", `Invalid query: redirect_uri must be ${redirectUri}`, [
      fieldIssue("redirect_uri", "invalid_link"),
    ]);
  }
  if (!(await findManagedGuild(session, query.guild_id))) {
    throw new ApiError(403, "guild_not_managed", "You need the Manage Server permission on this server to add the bot.");
  }
  const targetPath = query.target_path ?? `/${query.locale}/dashboard/${query.guild_id}`;
  const url = buildBotAuthorizeUrl({ guildId: query.guild_id, state: encodeGuildOAuthState(targetPath), redirectUri });
  return NextResponse.redirect(url, 302);
});
