import "server-only";
import type { Db } from "@/lib/db/client";
import { botGuildAccess } from "@/lib/guilds/bot-access";
import type { GuildAccess } from "@/lib/guilds/access";
import type { MessageBody } from "@/lib/platform/messages-api";
import { guildTemplateContext } from "@/lib/plugins/posting";
import type { PolledItem } from "@/lib/providers/types";
import { renderTemplate } from "@/lib/templates/render";
import type { Subscription } from "./subscriptions";

// An alert as the bot posts it: the subscription's message (or the plugin's default) with the
// guild's variables and the item's (`{streamer}`, `{title}`…) filled in, the chosen role
// mentioned, and nobody else pinged: only that role may be, through allowed_mentions.

/** The guild as the bot sees it, asked once per guild for a check's alerts. */
export function guildAccessCache(db: Db): (guildId: string) => Promise<GuildAccess> {
  const seen = new Map<string, Promise<GuildAccess>>();
  return (guildId) => {
    if (!seen.has(guildId)) seen.set(guildId, botGuildAccess(db, guildId));
    return seen.get(guildId)!;
  };
}

export async function alertMessage(access: GuildAccess, subscription: Subscription, item: PolledItem): Promise<MessageBody> {
  const template = subscription.message.trim() !== "" ? subscription.message : typeof subscription.config.default_message === "string" ? subscription.config.default_message : "{url}";
  const context = { ...(await guildTemplateContext(access, subscription.channelId)), item: { ...item.values, ...(item.url ? { url: item.values.url ?? item.url, link: item.values.link ?? item.url } : {}) } };
  let content = renderTemplate(template, context);
  const role = subscription.mentionRoleId;
  if (role && !content.includes(`<@&${role}>`)) content = `<@&${role}> ${content}`;
  return { content: content.slice(0, 2000), allowed_mentions: { parse: [], roles: role ? [role] : [] } };
}
