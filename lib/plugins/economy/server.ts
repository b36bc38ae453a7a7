import "server-only";
import { NextResponse } from "next/server";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { z } from "zod";
import { recordAudit } from "@/lib/audit/record";
import { economyBalances } from "@/lib/db/schema";
import { memberNames, MAX_NAMED_LIST } from "@/lib/guilds/member-names";
import { getGuildMember } from "@/lib/platform/bot-api";
import { guildIdParams, platformId } from "@/lib/platform/snowflake";
import { ApiError } from "@/lib/http/api-error";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { economy } from "./definition";
import { fieldIssue } from "@/lib/validation/server-messages";

const MAX_BALANCE = 1_000_000_000_000;
const richestQuery = z.object({ limit: z.coerce.number().int().min(1).max(MAX_NAMED_LIST).default(10) });

// Manual coin adjustments for one member (POST coin), a reset of every balance (DELETE coins)
// and the richest members (GET richest: the top of the richest index, named like other short lists).
export function economyEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "GET",
      path: "/economy/guilds/:guildId/richest",
      plugin: economy.id,
      params: guildIdParams,
      query: richestQuery,
      handler: async ({ db, params, query }) => {
        const rows = await db
          .select({ userId: economyBalances.userId, coins: economyBalances.coins })
          .from(economyBalances)
          .where(and(eq(economyBalances.guildId, params.guildId), sql`${economyBalances.coins} > 0`))
          .orderBy(desc(economyBalances.coins), asc(economyBalances.userId))
          .limit(query.limit);
        const names = await memberNames(db, params.guildId, rows.map((row) => row.userId));
        return {
          members: rows.map((row, index) => ({ rank: index + 1, user_id: row.userId, coins: row.coins, name: names.get(row.userId)?.name ?? null, avatar: names.get(row.userId)?.avatar ?? null })),
        };
      },
    }),
    endpoint({
      method: "POST",
      path: "/economy/guilds/:guildId/coin",
      plugin: economy.id,
      params: guildIdParams,
      body: z.strictObject({ user_id: platformId("user"), amount: z.number().int().min(-1_000_000_000).max(1_000_000_000) }),
      handler: async ({ db, params, body, access }) => {
        if (!(await getGuildMember(params.guildId, body.user_id))) throw new ApiError(400, "validation_failed", "Invalid body: user_id is not a member of this server", [fieldIssue("user_id", "not_a_member")]);
        const coins = await db.transaction(async (tx) => {
          const where = and(eq(economyBalances.guildId, params.guildId), eq(economyBalances.userId, body.user_id));
          // The row first, so that there is one to lock: a lock on no row holds nobody back, and
          // concurrent first adjustments would each add to 0, all but one lost.
          await tx.insert(economyBalances).values({ guildId: params.guildId, userId: body.user_id, coins: 0 }).onConflictDoNothing();
          const [before] = await tx.select().from(economyBalances).where(where).for("update");
          const was = before?.coins ?? 0;
          const next = Math.min(MAX_BALANCE, Math.max(0, was + body.amount));
          await tx.update(economyBalances).set({ coins: next, updatedAt: sql`now()` }).where(where);
          await recordAudit(tx, { guildId: params.guildId, userId: access.userId, action: "plugin.update", target: `economy-balance:${body.user_id}`, before: { coins: was }, after: { coins: next } });
          return next;
        });
        return { user_id: body.user_id, coins };
      },
    }),
    endpoint({
      method: "DELETE",
      path: "/economy/guilds/:guildId/coins",
      plugin: economy.id,
      params: guildIdParams,
      handler: async ({ db, params, access }) => {
        await db.transaction(async (tx) => {
          const removed = await tx.delete(economyBalances).where(eq(economyBalances.guildId, params.guildId)).returning({ userId: economyBalances.userId });
          await recordAudit(tx, { guildId: params.guildId, userId: access.userId, action: "plugin.update", target: "economy-balances", before: { members: removed.length }, after: { members: 0 } });
        });
        return new NextResponse(null, { status: 204 });
      },
    }),
  ];
}
