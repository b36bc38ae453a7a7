import "server-only";
import { NextResponse } from "next/server";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import type { Db } from "@/lib/db/client";
import { memberLevels } from "@/lib/db/schema";
import { etag, expectedVersion } from "@/lib/http/etag";
import { guildIdParams, platformId } from "@/lib/platform/snowflake";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { mergeConfig, readPluginState, writePluginState, type PluginState } from "../plugin-states";
import { levels } from "./definition";

// The leaderboard's own settings and the XP resets (spec 7, Levels). The settings live in the
// plugin's config (one version, one audit trail with the settings form); the API names them
// without the `leaderboard_` prefix the form needs among the other fields.

/** Audit targets of the resets; the audit log words them (describe.ts). */
export const XP_RESET_TARGET = "levels-xp";
export const xpResetTarget = (userId: string) => `${XP_RESET_TARGET}:${userId}`;

const playerParams = guildIdParams.extend({ userId: platformId("user") });

const leaderboardBody = z.strictObject({ public: z.boolean().optional(), show_avatars: z.boolean().optional() });

function leaderboardResponse(state: PluginState) {
  const body = { public: state.config.leaderboard_public === true, show_avatars: state.config.leaderboard_show_avatars === true, version: state.version };
  return NextResponse.json(body, { headers: { ETag: etag(state.version) } });
}

async function resetGuild(db: Db, guildId: string, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const removed = await tx.delete(memberLevels).where(eq(memberLevels.guildId, guildId)).returning({ userId: memberLevels.userId });
    if (removed.length > 0) await recordAudit(tx, { guildId, userId, action: "plugin.update", target: XP_RESET_TARGET, before: { members: removed.length }, after: { members: 0 } });
    return removed.length;
  });
}

async function resetPlayer(db: Db, guildId: string, player: string, userId: string): Promise<number | null> {
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(memberLevels)
      .where(and(eq(memberLevels.guildId, guildId), eq(memberLevels.userId, player)))
      .returning({ xp: memberLevels.xp, messages: memberLevels.messages });
    if (!removed) return null;
    await recordAudit(tx, { guildId, userId, action: "plugin.update", target: xpResetTarget(player), before: { xp: removed.xp, messages: removed.messages }, after: { xp: 0, messages: 0 } });
    return removed.xp;
  });
}

export function levelsEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "GET",
      path: "/levels/leaderboard/:guildId/config",
      plugin: levels.id,
      params: guildIdParams,
      handler: async ({ db, params }) => leaderboardResponse(await readPluginState(db, params.guildId, levels)),
    }),
    endpoint({
      method: "PATCH",
      path: "/levels/leaderboard/:guildId/config",
      plugin: levels.id,
      params: guildIdParams,
      body: leaderboardBody,
      handler: async ({ db, params, body, access, req }) => {
        const changes = {
          ...(body.public !== undefined && { leaderboard_public: body.public }),
          ...(body.show_avatars !== undefined && { leaderboard_show_avatars: body.show_avatars }),
        };
        const state = await writePluginState(db, { guildId: params.guildId, userId: access.userId, plugin: levels, next: mergeConfig(levels, changes), expectedVersion: expectedVersion(req) });
        return leaderboardResponse(state);
      },
    }),
    endpoint({
      method: "POST",
      path: "/levels/do-reset/:guildId",
      plugin: levels.id,
      params: guildIdParams,
      handler: async ({ db, params, access }) => ({ members: await resetGuild(db, params.guildId, access.userId) }),
    }),
    endpoint({
      method: "POST",
      path: "/levels/do-reset/:guildId/player/:userId",
      plugin: levels.id,
      params: playerParams,
      handler: async ({ db, params, access }) => {
        const xp = await resetPlayer(db, params.guildId, params.userId, access.userId);
        // Nothing to reset is not an error (the member may never have spoken): the answer says so.
        return { user_id: params.userId, reset: xp !== null, xp_before: xp ?? 0 };
      },
    }),
  ];
}

