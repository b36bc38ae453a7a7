import { randomBytes } from "node:crypto";

import { z } from "zod";

import * as errors from "./api-errors";
import type { ApiResponse } from "./api-errors";
import type { Route } from "./api-routes";
import { storeAvatar } from "./application-routes";
import type { ChannelRecord, GuildRecord } from "./model";
import { PERMISSIONS } from "./permissions";
import * as serialize from "./serialize";
import type { PlatformState, WebhookRecord } from "./state";
import { parse, snowflake } from "./validation";

// Incoming webhooks written with the bot token, as Discord has them: created in a text or
// announcement channel (POST /channels/{id}/webhooks, MANAGE_WEBHOOKS there, at most 15 a
// channel), listed for the guild (GET /guilds/{id}/webhooks, MANAGE_WEBHOOKS), changed (name,
// avatar, channel) and deleted (PATCH / DELETE /webhooks/{id}). Every answer carries the token
// and its URL, as Discord's do for a caller with MANAGE_WEBHOOKS: keeping it from viewers is the
// client's job. Posting through a webhook's URL is not emulated.

/** Discord's cap on webhooks in one channel. */
export const MAX_WEBHOOKS_PER_CHANNEL = 15;

const DATA_URI = /^data:image\/(png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/;
const name = z
  .string()
  .min(1)
  .max(80)
  .refine((value) => !/clyde|discord/i.test(value), { message: "Username cannot contain \"clyde\" or \"discord\"", params: { discordCode: "USERNAME_INVALID_CONTAINS" } });
const avatar = z.string().regex(DATA_URI, "Invalid image data").nullable();

const creation = z.object({ name, avatar: avatar.optional() });
const changes = z.object({ name: name.optional(), avatar: avatar.optional(), channel_id: snowflake.optional() });

const has = (permissions: bigint, bit: bigint) => (permissions & bit) === bit;
const unknownWebhook = (): ApiResponse => ({ status: 404, body: { message: "Unknown Webhook", code: 10015 } });

/** A channel webhooks may post in, where the bot has MANAGE_WEBHOOKS; or Discord's refusal. */
function hookChannel(state: PlatformState, channelId: string, botId: string): { guild: GuildRecord; channel: ChannelRecord } | ApiResponse {
  const found = state.channel(channelId);
  if (!found) return errors.unknownChannel();
  const permissions = state.channelPermissions(found.guild, found.channel, botId);
  if (permissions === null || !has(permissions, PERMISSIONS.ViewChannel)) return errors.missingAccess();
  if (!has(permissions, PERMISSIONS.ManageWebhooks)) return errors.missingPermissions();
  if (found.channel.type !== 0 && found.channel.type !== 5) return { status: 400, body: { message: "Cannot execute action on this channel type", code: 50024 } };
  return found;
}

const isResponse = (value: unknown): value is ApiResponse => typeof value === "object" && value !== null && "status" in value;

function view(state: PlatformState, hook: WebhookRecord, origin: string) {
  return serialize.webhook(hook, state.user(hook.user_id), origin);
}

export const WEBHOOK_ROUTES: readonly Route[] = [
  {
    method: "POST",
    pattern: ["channels", ":channel", "webhooks"],
    auth: "bot",
    handle({ state, body, origin }, params, auth) {
      const found = hookChannel(state, params.channel ?? "", auth.userId);
      if (isResponse(found)) return found;
      const parsed = parse(creation, body);
      if (!parsed.ok) return parsed.response;
      const inChannel = [...state.webhooks.values()].filter((hook) => hook.channel_id === found.channel.id).length;
      if (inChannel >= MAX_WEBHOOKS_PER_CHANNEL) return { status: 400, body: { message: `Maximum number of webhooks reached (${MAX_WEBHOOKS_PER_CHANNEL})`, code: 30007 } };
      const hook: WebhookRecord = {
        id: state.newId(),
        guild_id: found.guild.id,
        channel_id: found.channel.id,
        name: parsed.data.name,
        avatar: parsed.data.avatar ? storeAvatar(state.avatarImages, parsed.data.avatar) : null,
        token: randomBytes(51).toString("base64url"),
        user_id: auth.userId,
      };
      state.webhooks.set(hook.id, hook);
      return errors.ok(view(state, hook, origin ?? ""));
    },
  },
  {
    method: "GET",
    pattern: ["guilds", ":guild", "webhooks"],
    auth: "bot",
    handle({ state, origin }, params, auth) {
      const guild = state.guild(params.guild ?? "");
      if (!guild) return errors.unknownGuild();
      if (!state.botIn(guild)) return errors.missingAccess();
      if (!has(state.permissions(guild, auth.userId) ?? 0n, PERMISSIONS.ManageWebhooks)) return errors.missingPermissions();
      const hooks = [...state.webhooks.values()].filter((hook) => hook.guild_id === guild.id);
      return errors.ok(hooks.map((hook) => view(state, hook, origin ?? "")));
    },
  },
  {
    method: "PATCH",
    pattern: ["webhooks", ":webhook"],
    auth: "bot",
    handle({ state, body, origin }, params, auth) {
      const hook = state.webhooks.get(params.webhook ?? "");
      if (!hook) return unknownWebhook();
      const here = hookChannel(state, hook.channel_id, auth.userId);
      if (isResponse(here)) return here;
      const parsed = parse(changes, body);
      if (!parsed.ok) return parsed.response;
      const { name: newName, avatar: newAvatar, channel_id } = parsed.data;
      if (channel_id !== undefined) {
        const target = hookChannel(state, channel_id, auth.userId);
        if (isResponse(target)) return target;
        // A webhook stays in its guild.
        if (target.guild.id !== hook.guild_id) return errors.unknownChannel();
        hook.channel_id = channel_id;
      }
      if (newName !== undefined) hook.name = newName;
      if (newAvatar !== undefined) hook.avatar = newAvatar === null ? null : storeAvatar(state.avatarImages, newAvatar);
      return errors.ok(view(state, hook, origin ?? ""));
    },
  },
  {
    method: "DELETE",
    pattern: ["webhooks", ":webhook"],
    auth: "bot",
    handle({ state }, params, auth) {
      const hook = state.webhooks.get(params.webhook ?? "");
      if (!hook) return unknownWebhook();
      const here = hookChannel(state, hook.channel_id, auth.userId);
      if (isResponse(here) && here.status !== 400) return here;
      state.webhooks.delete(hook.id);
      return errors.noContent();
    },
  },
];
