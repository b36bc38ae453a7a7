import "server-only";

import { z } from "zod";
import { Routes, type RESTGetAPIGuildWebhooksResult, type RESTPatchAPIWebhookResult, type RESTPostAPIChannelWebhookResult } from "discord-api-types/v10";

import { getEnv } from "@/lib/env";
import { guildKey, GUILD_CACHE_POLICY } from "./bot-api";
import { cachedWithMeta, invalidate, type CacheResult } from "./cache";
import { PlatformError } from "./errors";
import { botDelete, botGet, botPatch, botPost } from "./rest";
import { isSnowflake } from "./snowflake";

// A guild's webhooks, with the bot token (MANAGE_WEBHOOKS). The platform hands every webhook's
// token to a caller allowed to manage it; what this file returns never holds one, except the
// answer to a creation, once, for the person who made it to copy its URL. Reads are kept per guild
// like the guild's other reads; each write drops them. Ids are checked to be snowflakes first.

/** A webhook as the dashboard shows it: no token. */
export type GuildWebhook = {
  id: string;
  /** 1 incoming, 2 a followed channel's, 3 an application's. */
  type: number;
  name: string;
  avatar: string | null;
  channel_id: string | null;
  creator: { id: string; username: string; global_name: string | null; avatar: string | null } | null;
};

/** A webhook just made: the one time its token (inside its URL) is handed on. */
export type CreatedWebhook = GuildWebhook & { url: string };

const snowflake = z.string().regex(/^\d{17,20}$/);
// The platform's answer is outside input: an entry that does not parse is left out of a list.
const webhook = z.object({
  id: snowflake,
  type: z.number().int(),
  name: z.string().nullable().transform((name) => name ?? ""),
  avatar: z.string().nullable().default(null),
  channel_id: snowflake.nullable().default(null),
  user: z
    .object({ id: snowflake, username: z.string(), global_name: z.string().nullable().default(null), avatar: z.string().nullable().default(null) })
    .nullable()
    .default(null),
});

function view(raw: unknown): GuildWebhook | null {
  const parsed = webhook.safeParse(raw);
  if (!parsed.success) return null;
  const { user, ...rest } = parsed.data;
  return { ...rest, creator: user };
}

function requireSnowflakes(ids: Record<string, string>): void {
  for (const [name, value] of Object.entries(ids)) {
    if (!isSnowflake(value)) throw new PlatformError(`Invalid ${name}: not a snowflake`, { kind: "bad_request", status: 400 });
  }
}

function unreadable(): PlatformError {
  return new PlatformError("The platform answered with an unreadable webhook", { kind: "server", status: 502 });
}

const webhooksKey = (guildId: string) => `${guildKey(guildId)}webhooks`;

async function loadWebhooks(guildId: string): Promise<GuildWebhook[]> {
  const answer = await botGet<RESTGetAPIGuildWebhooksResult>(Routes.guildWebhooks(guildId));
  return (Array.isArray(answer) ? answer : []).flatMap((entry) => view(entry) ?? []);
}

export async function getGuildWebhooksWithMeta(guildId: string): Promise<CacheResult<GuildWebhook[]>> {
  requireSnowflakes({ "guild id": guildId });
  return cachedWithMeta(webhooksKey(guildId), GUILD_CACHE_POLICY, () => loadWebhooks(guildId));
}

/** The guild's webhooks, kept a minute like its other reads. Throws PlatformError (forbidden without MANAGE_WEBHOOKS). */
export async function getGuildWebhooks(guildId: string): Promise<GuildWebhook[]> {
  return (await getGuildWebhooksWithMeta(guildId)).value;
}

/** The guild's webhook with this id, asked of the platform now (a write checks the webhook is this guild's), or null. */
export async function findGuildWebhook(guildId: string, webhookId: string): Promise<GuildWebhook | null> {
  requireSnowflakes({ "guild id": guildId, "webhook id": webhookId });
  await invalidate(webhooksKey(guildId));
  return (await getGuildWebhooks(guildId)).find((hook) => hook.id === webhookId) ?? null;
}

/** Makes an incoming webhook in a channel; `avatar` is a data URI. Throws PlatformError (30007 when the channel has 15). */
export async function createWebhook(guildId: string, channelId: string, options: { name: string; avatar: string | null }): Promise<CreatedWebhook> {
  requireSnowflakes({ "guild id": guildId, "channel id": channelId });
  try {
    const answer = await botPost<RESTPostAPIChannelWebhookResult>(Routes.channelWebhooks(channelId), { body: { name: options.name, avatar: options.avatar } });
    const made = view(answer);
    if (!made || !answer.token) throw unreadable();
    return { ...made, url: answer.url ?? `${getEnv().DISCORD_API_URL}/webhooks/${made.id}/${answer.token}` };
  } finally {
    await invalidate(webhooksKey(guildId));
  }
}

/** Renames a webhook or changes its avatar (a data URI, or null for none). */
export async function updateWebhook(guildId: string, webhookId: string, changes: { name?: string; avatar?: string | null }): Promise<GuildWebhook> {
  requireSnowflakes({ "guild id": guildId, "webhook id": webhookId });
  try {
    const made = view(await botPatch<RESTPatchAPIWebhookResult>(Routes.webhook(webhookId), { body: changes }));
    if (!made) throw unreadable();
    return made;
  } finally {
    await invalidate(webhooksKey(guildId));
  }
}

export async function deleteWebhook(guildId: string, webhookId: string): Promise<void> {
  requireSnowflakes({ "guild id": guildId, "webhook id": webhookId });
  try {
    await botDelete(Routes.webhook(webhookId));
  } finally {
    await invalidate(webhooksKey(guildId));
  }
}
