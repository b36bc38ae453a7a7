import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import { ApiError } from "@/lib/http/api-error";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { deleteMessage, editMessage, postMessage } from "@/lib/platform/messages-api";
import { guildIdParams } from "@/lib/platform/snowflake";
import { renderTemplate } from "@/lib/templates/render";
import { endpoint, itemParams, type PluginEndpoint } from "../endpoint";
import { deleteItem, getItem, itemResponse, parseStoredItem, updateItem, type ItemScope } from "../items";
import { assertTextChannel, guildTemplateContext, isUnknownMessage, NO_MENTIONS, posting } from "../posting";
import { ticketing } from "./definition";
import { buildPanelMessage } from "./panel-message";
import { getTicket, listTickets, ticketListQuery } from "./tickets";

const scope = (id: string): ItemScope => ({ guildId: id, pluginId: ticketing.id, collection: "panels" });

/** The platform's answer for a message, or its channel, that is gone. */
const isGone = (error: unknown) => isUnknownMessage(error) || (error instanceof PlatformError && error.code === PlatformErrorCode.UNKNOWN_CHANNEL);

// Ticket panels on the platform and the tickets the bot reported:
// - post: posts the panel in its channel, or edits the message posted before in place. A
//   message deleted on the platform since is posted again, and the answer says so
//   (`reposted`), so the owner learns it was gone;
// - delete (replaces the generic item delete): takes the panel's message down first, then the
//   panel; when the platform refuses, nothing is deleted and the refusal is the answer;
// - the tickets list (filters, keyset pages by number) and one ticket with its transcript.
export function ticketingEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "POST",
      path: "/ticketing/guilds/:guildId/panels/:itemId/post",
      plugin: ticketing.id,
      collection: "panels",
      params: itemParams,
      handler: async ({ db, params, access }) => {
        const current = await getItem(db, scope(params.guildId), params.itemId);
        const item = parseStoredItem(ticketing.collections.panels.itemSchema, current);
        const { messageId, channelId, reposted } = await posting(async () => {
          const channel = await assertTextChannel(params.guildId, item.channel_id);
          const context = await guildTemplateContext(access, channel);
          const message = buildPanelMessage(current.id, item, (text) => renderTemplate(text, context));
          if (item.message_id) {
            try {
              const edited = await editMessage(channel, item.message_id, { ...message, allowed_mentions: NO_MENTIONS });
              return { messageId: edited.id, channelId: channel, reposted: false };
            } catch (error) {
              if (!isUnknownMessage(error)) throw error;
            }
          }
          const { content, ...rest } = message;
          const posted = await postMessage(channel, { ...rest, ...(content !== null && { content }), allowed_mentions: NO_MENTIONS });
          return { messageId: posted.id, channelId: channel, reposted: item.message_id !== null };
        });
        const saved = item.message_id === messageId ? current : await updateItem(db, scope(params.guildId), params.itemId, { userId: access.userId, buffs: access.buffs }, (stored) => ({ ...stored.data, message_id: messageId }));
        return { message_id: messageId, channel_id: channelId, reposted, item: itemResponse(saved) };
      },
    }),
    endpoint({
      method: "DELETE",
      path: "/ticketing/guilds/:guildId/panels/:itemId",
      plugin: ticketing.id,
      collection: "panels",
      params: itemParams,
      handler: async ({ db, params, access }) => {
        const item = parseStoredItem(ticketing.collections.panels.itemSchema, await getItem(db, scope(params.guildId), params.itemId));
        if (item.message_id) {
          await posting(async () => {
            try {
              await deleteMessage(item.channel_id, item.message_id!);
            } catch (error) {
              if (!isGone(error)) throw error;
            }
          });
        }
        await deleteItem(db, scope(params.guildId), params.itemId, { userId: access.userId, buffs: access.buffs });
        return new NextResponse(null, { status: 204 });
      },
    }),
    endpoint({
      method: "GET",
      path: "/ticketing/guilds/:guildId/tickets",
      plugin: ticketing.id,
      params: guildIdParams,
      query: ticketListQuery,
      handler: async ({ db, params, query }) => listTickets(db, params.guildId, query),
    }),
    endpoint({
      method: "GET",
      path: "/ticketing/guilds/:guildId/tickets/:ticketNumber",
      plugin: ticketing.id,
      params: guildIdParams.extend({ ticketNumber: z.coerce.number().int().min(1).max(2_147_483_647) }),
      handler: async ({ db, params }) => {
        const ticket = await getTicket(db, params.guildId, params.ticketNumber);
        if (!ticket) throw new ApiError(404, "ticket_not_found", "This server has no ticket with this number.");
        return { ticket };
      },
    }),
  ];
}
