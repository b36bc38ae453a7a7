import "server-only";
import type { Db } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { avatarDataUri } from "@/lib/images/avatar";
import { uploadKeyOf } from "@/lib/images/reference";
import { findGuildUploadByKey } from "@/lib/images/uploads";
import { getGuildChannels } from "@/lib/platform/bot-api";
import { userAvatarUrl } from "@/lib/platform/cdn";
import { PlatformError, PlatformErrorCode } from "@/lib/platform/errors";
import { createWebhook, deleteWebhook, findGuildWebhook, getGuildWebhooks, updateWebhook, type GuildWebhook } from "@/lib/platform/webhooks-api";
import { getStorage } from "@/lib/storage";
import { WebhookError } from "./errors";

// The server's webhooks (spec 3 Guild.webhooks, spec 7 POST /guilds/{id}/webhooks): made by the bot
// in a text or announcement channel of the server, listed with their channel and creator, renamed,
// given another avatar (`src`: an image the server uploaded, `upload:<key>`), deleted. A webhook's
// token leaves the server once, in the creation's answer; nothing else here carries it.

export type WebhookView = {
  id: string;
  type: number;
  name: string;
  avatar_url: string;
  channel: { id: string; name: string } | null;
  creator: { id: string; name: string; avatar_url: string } | null;
};

/** The creation's answer: the webhook's URL (its token inside) is shown this once, to copy. */
export type CreatedWebhookView = WebhookView & { url: string };

/** Channel types a webhook posts in: text and announcement. */
const WEBHOOK_CHANNEL_TYPES = new Set([0, 5]);

function view(hook: GuildWebhook, channels: ReadonlyMap<string, string>): WebhookView {
  const cdn = getEnv().DISCORD_CDN_URL;
  const { creator } = hook;
  return {
    id: hook.id,
    type: hook.type,
    name: hook.name,
    avatar_url: userAvatarUrl(cdn, { id: hook.id, avatar: hook.avatar }, 64),
    channel: hook.channel_id ? { id: hook.channel_id, name: channels.get(hook.channel_id) ?? hook.channel_id } : null,
    creator: creator ? { id: creator.id, name: creator.global_name ?? creator.username, avatar_url: userAvatarUrl(cdn, creator, 64) } : null,
  };
}

async function channelNames(guildId: string): Promise<Map<string, string>> {
  return new Map((await getGuildChannels(guildId)).map((channel) => [channel.id, channel.name ?? channel.id]));
}

/** The platform's refusals of a webhook write, in the domain's words; anything else as it came. */
function refusal(error: unknown): never {
  if (error instanceof PlatformError) {
    if (error.code === PlatformErrorCode.MAX_WEBHOOKS) throw new WebhookError("webhook_limit_reached");
    if (error.code === PlatformErrorCode.UNKNOWN_WEBHOOK) throw new WebhookError("webhook_not_found");
    if (error.code === PlatformErrorCode.MISSING_PERMISSIONS) throw new WebhookError("webhook_bot_missing_permission");
  }
  throw error;
}

/** The server's webhooks, without tokens; none when the bot may not see them (no Manage Webhooks). */
export async function listWebhooks(guildId: string): Promise<WebhookView[]> {
  let hooks: GuildWebhook[];
  try {
    hooks = await getGuildWebhooks(guildId);
  } catch (error) {
    if (error instanceof PlatformError && error.kind === "forbidden") return [];
    throw error;
  }
  const channels = await channelNames(guildId);
  return hooks.map((hook) => view(hook, channels));
}

/** An image the server uploaded, as the data URI the platform takes for an avatar; null clears it. */
async function avatarOf(db: Db, guildId: string, src: string | null): Promise<string | null> {
  if (src === null) return null;
  const key = uploadKeyOf(src);
  const upload = key ? await findGuildUploadByKey(db, guildId, key) : null;
  const stored = key && upload ? await getStorage().get(key) : null;
  if (!stored) throw new WebhookError("unknown_upload");
  return avatarDataUri(stored.bytes);
}

export async function makeWebhook(db: Db, guildId: string, input: { channel_id: string; name: string; src?: string | null }): Promise<CreatedWebhookView> {
  const channels = await getGuildChannels(guildId);
  const channel = channels.find((candidate) => candidate.id === input.channel_id);
  if (!channel) throw new WebhookError("unknown_channel");
  if (!WEBHOOK_CHANNEL_TYPES.has(channel.type)) throw new WebhookError("wrong_channel_type");
  const avatar = await avatarOf(db, guildId, input.src ?? null);
  try {
    const made = await createWebhook(guildId, channel.id, { name: input.name, avatar });
    return { ...view(made, await channelNames(guildId)), url: made.url };
  } catch (error) {
    return refusal(error);
  }
}

/** The webhook, if it is this server's: the bot could change any webhook it manages, in any server. */
async function ownWebhook(guildId: string, webhookId: string): Promise<GuildWebhook> {
  const hook = await findGuildWebhook(guildId, webhookId).catch(refusal);
  if (!hook) throw new WebhookError("webhook_not_found");
  return hook;
}

export async function changeWebhook(db: Db, guildId: string, webhookId: string, changes: { name?: string; src?: string | null }): Promise<WebhookView> {
  await ownWebhook(guildId, webhookId);
  const avatar = changes.src === undefined ? {} : { avatar: await avatarOf(db, guildId, changes.src) };
  try {
    const changed = await updateWebhook(guildId, webhookId, { ...(changes.name === undefined ? {} : { name: changes.name }), ...avatar });
    return view(changed, await channelNames(guildId));
  } catch (error) {
    return refusal(error);
  }
}

export async function removeWebhook(guildId: string, webhookId: string): Promise<void> {
  await ownWebhook(guildId, webhookId);
  await deleteWebhook(guildId, webhookId).catch(refusal);
}
