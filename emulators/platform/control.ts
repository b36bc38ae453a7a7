import type { IncomingMessage, ServerResponse } from "node:http";

import { z } from "zod";

import type { CallStats } from "./calls";
import type { ActiveFault, Fault } from "./faults";
import { readJson, searchParamsObject, sendJson } from "./http";
import type { StoredMessage } from "./messages";
import type { GuildRecord } from "./model";
import { ban, kick, timeout, unban } from "./moderation";
import type { PlatformState } from "./state";
import { invalidFormBody, snowflake } from "./validation";

// /__emulator/*: the JSON control API for tests and Playwright, mirroring the
// methods of PlatformEmulator.

export interface Controls {
  state: PlatformState;
  reset(options?: { tokens?: boolean }): void;
  injectFault(fault: Fault): void;
  clearFaults(): void;
  faults(): ActiveFault[];
  calls(): CallStats;
  resetCalls(): void;
  setAccessTokenTtl(seconds: number): void;
  /** Stored messages, oldest first: one channel's, or every channel's. Null for an unknown channel. */
  messages(channelId?: string): StoredMessage[] | null;
}

const resetBody = z.object({ tokens: z.boolean().optional() });
const messagesQuery = z.object({ channel_id: snowflake.optional() });
/** What an owner changes in Discord's own client (server settings), for freshness tests. */
const guildChanges = z.object({ name: z.string().trim().min(2).max(100) });
/** A moderation act someone makes in the platform's own client (the dashboard sees it in the audit log). */
const moderationAct = z.object({
  act: z.enum(["ban", "unban", "kick", "timeout", "remove_timeout"]),
  moderator_id: snowflake,
  user_id: snowflake,
  reason: z.string().max(512).optional(),
  minutes: z.int().min(1).max(28 * 24 * 60).optional(),
});
const configBody = z.object({ access_token_ttl_seconds: z.int().min(1).max(10 * 365 * 24 * 3600).optional() });
/** "Reset Token" on an application's Bot page; a test may name the new token (any three dot-separated parts). */
const resetTokenBody = z.object({ token: z.string().regex(/^[\w-]+\.[\w-]+\.[\w-]+$/, "must be three dot-separated parts").max(200).optional() });

function config(controls: Controls) {
  return { access_token_ttl_seconds: controls.state.accessTokenTtlSeconds };
}

function fixtures(state: PlatformState) {
  return {
    users: state.demoUsers().map((user) => ({ id: user.id, username: user.username, global_name: user.global_name })),
    guilds: [...state.world.guilds.values()].map((guild) => ({
      id: guild.id,
      name: guild.name,
      bot: state.botIn(guild),
      members: guild.members.size,
    })),
    applications: [...state.world.applications.values()].map((application) => ({ id: application.id, name: application.name, owner_id: application.owner_id, token: application.token })),
  };
}

export async function handleControl(req: IncomingMessage, res: ServerResponse, url: URL, controls: Controls): Promise<void> {
  const route = `${(req.method ?? "GET").toUpperCase()} ${url.pathname.replace(/\/+$/, "")}`;
  const body = async <T extends z.ZodType>(schema: T): Promise<z.output<T> | undefined> => {
    const parsed = schema.safeParse(await readJson(req));
    if (parsed.success) return parsed.data;
    sendJson(res, 400, invalidFormBody(parsed.error));
    return undefined;
  };

  const guildId = /^PATCH \/__emulator\/guilds\/(\d{17,20})$/.exec(route)?.[1];
  if (guildId) {
    const changes = await body(guildChanges);
    if (!changes) return;
    const guild = controls.state.guild(guildId);
    if (!guild) return sendJson(res, 404, { message: "Unknown Guild", code: 10004 });
    guild.name = changes.name;
    return sendJson(res, 200, { id: guild.id, name: guild.name });
  }

  const moderatedGuild = /^POST \/__emulator\/guilds\/(\d{17,20})\/moderation$/.exec(route)?.[1];
  if (moderatedGuild) {
    const input = await body(moderationAct);
    if (!input) return;
    const guild = controls.state.guild(moderatedGuild);
    if (!guild) return sendJson(res, 404, { message: "Unknown Guild", code: 10004 });
    return sendJson(res, 200, { done: moderate(controls.state, guild, input) });
  }

  const applicationId = /^POST \/__emulator\/applications\/(\d{17,20})\/reset-token$/.exec(route)?.[1];
  if (applicationId) {
    const input = await body(resetTokenBody);
    if (!input) return;
    const token = controls.state.resetToken(applicationId, input.token);
    if (!token) return sendJson(res, 404, { message: "Unknown Application", code: 10002 });
    return sendJson(res, 200, { id: applicationId, token });
  }

  switch (route) {
    case "GET /__emulator/health":
      return sendJson(res, 200, { ok: true });
    case "GET /__emulator/faults":
      return sendJson(res, 200, { faults: controls.faults() });
    case "POST /__emulator/faults": {
      const input = await readJson(req);
      try {
        controls.injectFault(input as Fault);
      } catch (error) {
        if (error instanceof z.ZodError) return sendJson(res, 400, invalidFormBody(error));
        throw error;
      }
      return sendJson(res, 201, { faults: controls.faults() });
    }
    case "DELETE /__emulator/faults":
      controls.clearFaults();
      return sendJson(res, 200, { faults: [] });
    case "GET /__emulator/calls":
      return sendJson(res, 200, controls.calls());
    case "POST /__emulator/calls/reset":
      controls.resetCalls();
      return sendJson(res, 200, controls.calls());
    case "POST /__emulator/reset": {
      const options = await body(resetBody);
      if (!options) return;
      controls.reset(options);
      return sendJson(res, 200, { ok: true });
    }
    case "GET /__emulator/config":
      return sendJson(res, 200, config(controls));
    case "POST /__emulator/config": {
      const options = await body(configBody);
      if (!options) return;
      if (options.access_token_ttl_seconds !== undefined) controls.setAccessTokenTtl(options.access_token_ttl_seconds);
      return sendJson(res, 200, config(controls));
    }
    case "GET /__emulator/messages": {
      const query = messagesQuery.safeParse(searchParamsObject(url.searchParams));
      if (!query.success) return sendJson(res, 400, invalidFormBody(query.error));
      const messages = controls.messages(query.data.channel_id);
      if (!messages) return sendJson(res, 404, { message: "Unknown Channel", code: 10003 });
      return sendJson(res, 200, { messages });
    }
    case "GET /__emulator/fixtures":
      return sendJson(res, 200, fixtures(controls.state));
    default:
      return sendJson(res, 404, { message: "404: Not Found", code: 0 });
  }
}

/** Applies an act made in the platform's own client; false when there was nothing to do (no such member, no ban). */
function moderate(state: PlatformState, guild: GuildRecord, input: z.output<typeof moderationAct>): boolean {
  const reason = input.reason ?? null;
  switch (input.act) {
    case "ban":
      if (!state.user(input.user_id)) return false;
      ban(state, guild, input.moderator_id, input.user_id, reason);
      return true;
    case "unban":
      return unban(state, guild, input.moderator_id, input.user_id, reason);
    case "kick":
      return kick(state, guild, input.moderator_id, input.user_id, reason);
    case "timeout":
      return timeout(state, guild, input.moderator_id, input.user_id, new Date(state.now() + (input.minutes ?? 60) * 60_000).toISOString(), reason);
    case "remove_timeout":
      return timeout(state, guild, input.moderator_id, input.user_id, null, reason);
  }
}
