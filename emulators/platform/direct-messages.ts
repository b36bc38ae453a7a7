import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { ApiRequest, Route } from "./api-routes";
import { discordTimestamp, message as serializeMessage } from "./messages";
import * as serialize from "./serialize";
import { parse, snowflake } from "./validation";

// Direct messages from the bot (a moderation notice): the bot opens a DM channel with a user it
// shares a guild with, then posts in it through the usual message route. A user who does not
// accept DMs from server members (PlatformState.closedDms) answers 403 50007, as on Discord.

export interface DmChannelRecord {
  id: string;
  recipient_id: string;
}

const cannotMessageUser = () => ({ status: 403, body: { message: "Cannot send messages to this user", code: 50007 } }) satisfies ApiResponse;
const openBody = z.object({ recipient_id: snowflake });
const dmMessageBody = z.object({ content: z.string().max(2000).optional(), nonce: z.union([z.string().max(25), z.int()]).optional(), enforce_nonce: z.boolean().optional() }).loose();

function channelShape(request: ApiRequest, dm: DmChannelRecord) {
  const user = request.state.user(dm.recipient_id)!;
  return { id: dm.id, type: 1, last_message_id: request.state.messages.list(dm.id).at(-1)?.id ?? null, flags: 0, recipients: [serialize.publicUser(user)] };
}

export const DIRECT_MESSAGE_ROUTES: readonly Route[] = [
  {
    method: "POST",
    pattern: ["users", "@me", "channels"],
    auth: "bot",
    handle(request) {
      const parsed = parse(openBody, request.body);
      if (!parsed.ok) return parsed.response;
      const recipientId = parsed.data.recipient_id;
      if (!request.state.user(recipientId)) return errors.unknownUser();
      const existing = [...request.state.dmChannels.values()].find((dm) => dm.recipient_id === recipientId);
      const dm = existing ?? { id: request.state.newId(), recipient_id: recipientId };
      request.state.dmChannels.set(dm.id, dm);
      return errors.ok(channelShape(request, dm));
    },
  },
];

/** POST /channels/{dm}/messages for a DM channel: the bot must share a guild with the user, who must accept DMs. */
export function postDirectMessage(request: ApiRequest, dm: DmChannelRecord, botId: string): ApiResponse {
  const { state } = request;
  const shared = [...state.world.guilds.values()].some((guild) => guild.members.has(botId) && guild.members.has(dm.recipient_id));
  if (!shared || state.closedDms.has(dm.recipient_id)) return cannotMessageUser();
  const parsed = parse(dmMessageBody, request.body);
  if (!parsed.ok) return parsed.response;
  const content = parsed.data.content ?? "";
  if (content.trim() === "") return errors.emptyMessage();
  const now = state.now();
  const { nonce, enforce_nonce } = parsed.data;
  const earlier = enforce_nonce && nonce !== undefined ? state.messages.findByNonce(dm.id, botId, nonce, now) : undefined;
  const record =
    earlier ??
    state.messages.add({
    id: state.newId(now),
    channel_id: dm.id,
    guild_id: "",
    author_id: botId,
    content,
    embeds: [],
    components: [],
    tts: false,
    flags: 0,
    nonce: nonce ?? null,
    enforced_nonce: (enforce_nonce ?? false) && nonce !== undefined,
    created_ms: now,
    timestamp: discordTimestamp(now),
    edited_timestamp: null,
    mention_user_ids: [],
    mention_role_ids: [],
    mention_everyone: false,
    reactions: [],
  });
  // A DM's messages have no guild.
  const { guild_id: _guild, ...message } = serializeMessage(state, record, botId, { withNonce: true });
  return errors.ok(message);
}
