import "server-only";
import { NextResponse } from "next/server";
import { apiLocale } from "@/lib/http/api-locale";
import { listMembers, revenue } from "@/lib/memberships/members";
import { createPlan, deletePlan, listPlans, planInput, planPatch, planView, updatePlan } from "@/lib/memberships/plans";
import { guildIdParams } from "@/lib/platform/snowflake";
import { endpoint, itemParams, type PluginEndpoint } from "../endpoint";
import { memberships } from "./definition";

// The owner's side of Memberships (lib/memberships): the plans (:itemId is a plan's id), and the
// members with the revenue.
export function membershipsEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "GET",
      path: "/memberships/guilds/:guildId/plans",
      plugin: memberships.id,
      params: guildIdParams,
      handler: async ({ db, params }) => ({ plans: (await listPlans(db, params.guildId)).map(planView) }),
    }),
    endpoint({
      method: "POST",
      path: "/memberships/guilds/:guildId/plans",
      plugin: memberships.id,
      params: guildIdParams,
      body: planInput,
      handler: async ({ req, db, params, body, changesOnlyPagesOf }) => {
        changesOnlyPagesOf(memberships.id);
        return NextResponse.json({ plan: await createPlan(db, params.guildId, body, apiLocale(req)) }, { status: 201 });
      },
    }),
    endpoint({
      method: "PATCH",
      path: "/memberships/guilds/:guildId/plans/:itemId",
      plugin: memberships.id,
      params: itemParams,
      body: planPatch,
      handler: async ({ req, db, params, body, changesOnlyPagesOf }) => {
        changesOnlyPagesOf(memberships.id);
        return { plan: await updatePlan(db, params.guildId, params.itemId, body, apiLocale(req)) };
      },
    }),
    endpoint({
      method: "DELETE",
      path: "/memberships/guilds/:guildId/plans/:itemId",
      plugin: memberships.id,
      params: itemParams,
      handler: async ({ req, db, params, changesOnlyPagesOf }) => {
        changesOnlyPagesOf(memberships.id);
        await deletePlan(db, params.guildId, params.itemId, apiLocale(req));
        return new NextResponse(null, { status: 204 });
      },
    }),
    endpoint({
      method: "GET",
      path: "/memberships/guilds/:guildId/members",
      plugin: memberships.id,
      params: guildIdParams,
      handler: async ({ db, params }) => ({ members: await listMembers(db, params.guildId), revenue: await revenue(db, params.guildId) }),
    }),
  ];
}
