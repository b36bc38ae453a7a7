import "server-only";
import { z } from "zod";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { ApiError } from "@/lib/http/api-error";
import { addReaction, deleteMessage, editMessage, postMessage } from "@/lib/platform/messages-api";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { assertTextChannel, isUnknownMessage, NO_MENTIONS, postFailure } from "../guild_embeds/server";
import { getItem, itemResponse, updateItem, type ItemScope } from "../items";
import { reactionRoles } from "./definition";

const guildId = z.string().regex(/^\d{17,20}$/, "must be a guild id");
const itemParams = z.object({ guildId, itemId: z.string().uuid("must be an item id") });
const scope = (id: string): ItemScope => ({ guildId: id, pluginId: reactionRoles.id, collection: "messages" });

// Posts a reaction-role message to its channel with the bot's reaction for every pair,
// after checking the bot can hand out every role. A message posted before in the same
// channel is edited instead (a new one when it is gone).
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
        const item = reactionRoles.collections.messages.itemSchema.parse(current.data);
        const { roles } = await getGuildPickers(params.guildId);
        type Blocked = { role_id: string; name: string | null; reason: string };
        const pairRoles = item.pairs.filter((pair, index) => item.pairs.findIndex((other) => other.role_id === pair.role_id) === index);
        const blocked = pairRoles.flatMap((pair): Blocked[] => {
          const role = roles.find((entry) => entry.id === pair.role_id);
          if (!role) return [{ role_id: pair.role_id, name: null, reason: "unknown" }];
          return role.assignable ? [] : [{ role_id: role.id, name: role.name, reason: role.reason ?? "above_bot" }];
        });
        if (blocked.length > 0) {
          throw new ApiError(
            400,
            "role_not_assignable",
            `The bot cannot give these roles: ${blocked.map((role) => `${role.name ?? role.role_id} (${role.reason})`).join(", ")}. Move the bot's role above them, or pick other roles.`,
            blocked.map((role) => ({ path: `pairs.${item.pairs.findIndex((pair) => pair.role_id === role.role_id)}.role_id`, message: role.reason })),
          );
        }
        const channelId = await assertTextChannel(params.guildId, item.channel_id);
        let messageId: string;
        let posted = false;
        try {
          let edited: string | null = null;
          if (item.message_id) {
            try {
              edited = (await editMessage(channelId, item.message_id, { content: item.message, allowed_mentions: NO_MENTIONS })).id;
            } catch (error) {
              if (!isUnknownMessage(error)) throw error;
            }
          }
          messageId = edited ?? (await postMessage(channelId, { content: item.message, allowed_mentions: NO_MENTIONS })).id;
          posted = edited === null;
          try {
            for (const pair of item.pairs) await addReaction(channelId, messageId, pair.emoji);
          } catch (error) {
            // The item stays as it was, so a new message without all its reactions is taken back.
            if (posted) await deleteMessage(channelId, messageId).catch(() => false);
            throw error;
          }
        } catch (error) {
          throw postFailure(error);
        }
        const saved = item.message_id === messageId ? current : await updateItem(db, scope(params.guildId), params.itemId, { userId: access.userId, premium: access.premium }, { ...current.data, message_id: messageId });
        return { message_id: messageId, channel_id: channelId, item: itemResponse(saved) };
      },
    }),
  ];
}
