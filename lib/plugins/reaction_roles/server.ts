import "server-only";
import type { APIMessage, APIPartialEmoji } from "discord-api-types/v10";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { ApiError } from "@/lib/http/api-error";
import { addReaction, deleteMessage, editMessage, postMessage, removeReaction } from "@/lib/platform/messages-api";
import { endpoint, itemParams, type PluginEndpoint } from "../endpoint";
import { getItem, itemResponse, updateItem, type ItemScope, parseStoredItem } from "../items";
import { assertTextChannel, isUnknownMessage, NO_MENTIONS, posting, renderForGuild } from "../posting";
import { reactionRoles } from "./definition";
import { fieldIssue } from "@/lib/validation/server-messages";
import { roleIssue } from "@/lib/validation/issues";

const scope = (id: string): ItemScope => ({ guildId: id, pluginId: reactionRoles.id, collection: "messages" });
const CUSTOM_EMOJI = /^<a?:[A-Za-z0-9_]{2,32}:(\d{17,20})>$|^(?:a:)?[A-Za-z0-9_]{2,32}:(\d{17,20})$/;

/** Whether a stored pair's emoji ("🔴", "<:blue:id>") is the reaction's emoji. */
function sameEmoji(stored: string, emoji: APIPartialEmoji): boolean {
  const custom = CUSTOM_EMOJI.exec(stored.trim());
  return custom ? emoji.id === (custom[1] ?? custom[2]) : emoji.id === null && emoji.name === stored.trim();
}

/** The reaction route form of a reaction the bot made ("name:id" for custom emoji). */
const routeEmoji = (emoji: APIPartialEmoji) => (emoji.id ? `${emoji.name ?? "emoji"}:${emoji.id}` : (emoji.name ?? ""));

type Blocked = { role_id: string; name: string | null; reason: string };

// Posts a reaction-role message to its channel, its text rendered like every message the
// bot sends ({server.name}, {server.member_count}…), with the bot's reaction for every
// pair, after checking the bot can hand out every role. A message posted before is edited
// instead (a new one when it is gone), and the bot's reactions follow the pairs.
export function reactionRolesEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "POST",
      path: "/reaction_roles/guilds/:guildId/messages/:itemId/post",
      plugin: reactionRoles.id,
      collection: "messages",
      params: itemParams,
      handler: async ({ db, params, access }) => {
        const current = await getItem(db, scope(params.guildId), params.itemId);
        const item = parseStoredItem(reactionRoles.collections.messages.itemSchema, current);
        const { messageId, channelId } = await posting(async () => {
          const pickers = await getGuildPickers(params.guildId);
          const pairRoles = item.pairs.filter((pair, index) => item.pairs.findIndex((other) => other.role_id === pair.role_id) === index);
          const blocked = pairRoles.flatMap((pair): Blocked[] => {
            const role = pickers.roles.find((entry) => entry.id === pair.role_id);
            if (!role) return [{ role_id: pair.role_id, name: null, reason: "unknown" }];
            return role.assignable ? [] : [{ role_id: role.id, name: role.name, reason: role.reason ?? "above_bot" }];
          });
          if (blocked.length > 0) {
            throw new ApiError(
              400,
              "role_not_assignable",
              `The bot cannot give these roles: ${blocked.map((role) => `${role.name ?? role.role_id} (${role.reason})`).join(", ")}. Move the bot's role above them, or pick other roles.`,
              blocked.map((role) => fieldIssue(`pairs.${item.pairs.findIndex((pair) => pair.role_id === role.role_id)}.role_id`, roleIssue(role.reason))),
            );
          }
          const channel = await assertTextChannel(params.guildId, item.channel_id);
          const content = await renderForGuild(access, item.message, channel, pickers);
          let edited: APIMessage | null = null;
          if (item.message_id) {
            try {
              edited = await editMessage(channel, item.message_id, { content, allowed_mentions: NO_MENTIONS });
            } catch (error) {
              if (!isUnknownMessage(error)) throw error;
            }
          }
          const message = edited ?? (await postMessage(channel, { content, allowed_mentions: NO_MENTIONS }));
          try {
            for (const pair of item.pairs) {
              if (!message.reactions?.some((reaction) => reaction.me && sameEmoji(pair.emoji, reaction.emoji))) await addReaction(channel, message.id, pair.emoji);
            }
            // Emoji taken out of the pairs lose the bot's reaction on the edited message.
            for (const reaction of message.reactions ?? []) {
              if (reaction.me && !item.pairs.some((pair) => sameEmoji(pair.emoji, reaction.emoji))) await removeReaction(channel, message.id, routeEmoji(reaction.emoji));
            }
          } catch (error) {
            // The item stays as it was, so a new message without all its reactions is taken back.
            if (!edited) await deleteMessage(channel, message.id).catch(() => false);
            throw error;
          }
          return { messageId: message.id, channelId: channel };
        });
        // The save changes only message_id, no reference; the pair roles and the channel were checked
        // above, more strictly than checkReferences (every role must be assignable at posting time).
        const saved = item.message_id === messageId ? current : await updateItem(db, scope(params.guildId), params.itemId, { userId: access.userId, buffs: access.buffs }, (stored) => ({ ...stored.data, message_id: messageId }));
        return { message_id: messageId, channel_id: channelId, item: itemResponse(saved) };
      },
    }),
  ];
}
