import "server-only";
import { encodeGuildOAuthState } from "@/lib/auth/guild-oauth-state";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { buildBotAuthorizeUrl } from "@/lib/platform/oauth";
import { ISSUE_CODES, type IssueCode } from "@/lib/validation/issues";
import { issueTextFor } from "@/lib/validation/server-messages";
import type { Backstory, Presence } from "./presence";
import type { StatusReason } from "./switch";
import type { CustomBotRow } from "./store";

// What the owner sees of their custom bot (GET /api/guilds/{id}/custom-bot, its page): who it is,
// how it is set, its status and its last error. Never the token, nor anything derived from it.

export type CustomBotStatus = "active" | "disabled" | "blocked";

export type CustomBotDetails = {
  id: string;
  application_id: string;
  name: string;
  avatar: string | null;
  avatar_url: string;
  status: CustomBotStatus;
  status_reason: StatusReason | null;
  status_changed_at: string;
  last_error: { code: string; message: string; at: string } | null;
  presence: Presence;
  backstory: Backstory;
  /** The platform's page that adds this bot to the server (an 800×777 popup), back to /guild-oauth. */
  authorize_url: string;
};

export type CustomBotView = {
  /** The server's subscriptions include the custom bot (the add-on, or an offer with it). */
  included: boolean;
  bot: CustomBotDetails | null;
};

const KNOWN = new Set<string>(ISSUE_CODES);

export function customBotView(row: CustomBotRow | null, { included, locale }: { included: boolean; locale: Locale }): CustomBotView {
  if (!row) return { included, bot: null };
  const env = getEnv();
  const lastError = row.lastError && row.lastErrorAt ? { code: row.lastError, message: KNOWN.has(row.lastError) ? issueTextFor(locale)(row.lastError as IssueCode) : row.lastError, at: row.lastErrorAt.toISOString() } : null;
  return {
    included,
    bot: {
      id: row.botUserId,
      application_id: row.applicationId,
      name: row.name,
      avatar: row.avatar,
      avatar_url: userAvatarUrl(env.DISCORD_CDN_URL, { id: row.botUserId, avatar: row.avatar }, 128),
      status: row.status as CustomBotStatus,
      status_reason: row.statusReason as StatusReason | null,
      status_changed_at: row.statusChangedAt.toISOString(),
      last_error: lastError,
      presence: {
        presence_status: row.presenceStatus as Presence["presence_status"],
        presence_activity_type: row.presenceActivityType as Presence["presence_activity_type"],
        presence_activity_name: row.presenceActivityName,
        presence_activity_url: row.presenceActivityUrl,
      },
      backstory: backstoryView(row),
      authorize_url: buildBotAuthorizeUrl({
        clientId: row.applicationId,
        guildId: row.guildId,
        state: encodeGuildOAuthState(`/${locale}/dashboard/${row.guildId}/custom_bot`),
        redirectUri: `${env.APP_URL}/guild-oauth`,
      }),
    },
  };
}

export const backstoryView = (row: CustomBotRow): Backstory => ({ enable: row.backstoryEnabled, allowed_channels: row.backstoryChannelIds });
