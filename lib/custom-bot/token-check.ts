import "server-only";
import { getCustomBotApplication, getCustomBotUser } from "@/lib/platform/custom-bot-api";
import { PlatformError } from "@/lib/platform/errors";
import { CustomBotError } from "./errors";
import { tokenUserId } from "./token-format";

/** Who a token signs in as, once the platform said so. */
export type BotIdentity = { botUserId: string; applicationId: string; name: string; avatar: string | null };

/**
 * Checks a bot token before anything is stored: its shape first (no call for an OAuth token or a
 * secret pasted by mistake), then the platform, with the token itself: it must sign in
 * (GET /users/@me), as a bot, as the user its first part names, and its application
 * (GET /applications/@me) must be that bot's own. Each refusal names the check that failed;
 * the platform failing otherwise (down, rate limited) is its own error, not the token's.
 */
export async function checkBotToken(token: string): Promise<BotIdentity> {
  const namedId = tokenUserId(token);
  if (!namedId) throw new CustomBotError("custom_bot_token_malformed");
  const user = await refusedOn401(getCustomBotUser(token));
  if (!user.bot) throw new CustomBotError("custom_bot_not_a_bot");
  if (user.id !== namedId) throw new CustomBotError("custom_bot_wrong_application");
  const application = await refusedOn401(getCustomBotApplication(token));
  if ((application.bot?.id ?? application.id) !== user.id) throw new CustomBotError("custom_bot_wrong_application");
  return { botUserId: user.id, applicationId: application.id, name: user.username, avatar: user.avatar ?? null };
}

async function refusedOn401<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "unauthorized") throw new CustomBotError("custom_bot_token_refused");
    throw error;
  }
}
