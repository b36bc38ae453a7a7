import "server-only";

import { Routes, type RESTPostAPICurrentUserCreateDMChannelResult } from "discord-api-types/v10";

import { PlatformError, PlatformErrorCode } from "./errors";
import { postMessage } from "./messages-api";
import { botPost } from "./rest";
import { isSnowflake } from "./snowflake";

// A direct message from the bot to one user (a moderation notice). The platform allows it only
// to users sharing a guild with the bot who accept DMs from server members; a refusal is an
// answer, not a failure: the caller records that the notice could not be sent.

/** Sends `content` to `userId` in a DM, nobody pinged; false when the user does not accept it. */
export async function sendDirectMessage(userId: string, content: string): Promise<boolean> {
  if (!isSnowflake(userId)) throw new PlatformError("Invalid user id: not a snowflake", { kind: "bad_request", status: 400 });
  try {
    const channel = await botPost<RESTPostAPICurrentUserCreateDMChannelResult>(Routes.userChannels(), { body: { recipient_id: userId } });
    await postMessage(channel.id, { content, allowed_mentions: { parse: [] } });
    return true;
  } catch (error) {
    if (error instanceof PlatformError && (error.code === PlatformErrorCode.CANNOT_MESSAGE_USER || error.code === PlatformErrorCode.UNKNOWN_USER)) return false;
    throw error;
  }
}
