import "server-only";
import { z } from "zod";
import { getEnv } from "@/lib/env";
import { getGuildPickers } from "@/lib/guilds/pickers";
import type { GuildAccess } from "@/lib/guilds/access";
import { ApiError } from "@/lib/http/api-error";
import { getGuildMember } from "@/lib/platform/bot-api";
import { sampleContext } from "@/lib/templates/context";
import { renderTemplate } from "@/lib/templates/render";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { collectionEndpoints } from "../generic-endpoints";
import { getItem } from "../items";
import { timers } from "./definition";

const guildId = z.string().regex(/^\d{17,20}$/, "must be a guild id");
const snowflake = z.string().regex(/^\d{17,20}$/, "must be a platform id");

/** A timer's message as it would be sent: the guild, the signed-in user as the member, the channel. */
async function preview(access: GuildAccess, message: string, channelId: string | null | undefined): Promise<{ content: string }> {
  const [pickers, member] = await Promise.all([getGuildPickers(access.guildId), getGuildMember(access.guildId, access.userId)]);
  if (channelId && !pickers.channels.some((channel) => channel.id === channelId)) {
    throw new ApiError(400, "invalid_channel", "This is not a channel of this server.", [{ path: "channel_id", message: "must be a channel of this server" }]);
  }
  const user = member?.user ?? { id: access.userId, username: "you", discriminator: "0", global_name: null, avatar: null };
  const guild = access.guild;
  const context = sampleContext(
    {
      id: guild.id,
      name: guild.name,
      icon: guild.icon,
      owner_id: guild.owner_id,
      member_count: guild.approximate_member_count ?? null,
      verification_level: guild.verification_level,
      channels: pickers.channels,
    },
    user,
    { cdnBase: getEnv().DISCORD_CDN_URL, channelId: channelId ?? null, planName: access.premium ? "Premium" : null },
  );
  return { content: renderTemplate(message, context) };
}

// Spec 7 addresses timers as /plugins/timers/{guildId} and /plugins/timers/{guild}/{timer}
// rather than under /guilds/…/timers: same handlers, shorter paths. Previews render a
// saved timer's message, or unsaved text, the way the bot would send it.
export function timersEndpoints(): PluginEndpoint[] {
  const generic = `/timers/guilds/:guildId/timers`;
  return [
    ...collectionEndpoints(timers, "timers", timers.collections.timers).map((item) => ({
      ...item,
      path: item.path.replace(generic, "/timers/:guildId"),
    })),
    endpoint({
      method: "POST",
      path: "/timers/:guildId/:itemId/preview",
      plugin: timers.id,
      collection: "timers",
      params: z.object({ guildId, itemId: z.string().uuid("must be an item id") }),
      handler: async ({ db, params, access }) => {
        const item = await getItem(db, { guildId: params.guildId, pluginId: timers.id, collection: "timers" }, params.itemId);
        const timer = timers.collections.timers.itemSchema.parse(item.data);
        return preview(access, timer.message, timer.channel_id);
      },
    }),
    endpoint({
      method: "POST",
      path: "/timers/:guildId/preview",
      plugin: timers.id,
      params: z.object({ guildId }),
      body: z.strictObject({ message: z.string().max(2000), channel_id: snowflake.nullable().optional() }),
      handler: async ({ body, access }) => {
        return preview(access, body.message, body.channel_id);
      },
    }),
  ];
}
