import "server-only";
import { and, eq, notInArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { memberships as membershipRows } from "@/lib/db/schema";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { getGuild } from "@/lib/platform/bot-api";
import { memberships } from "@/lib/plugins/memberships/definition";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { listPlans } from "./plans";

// What the public membership page shows: null (a 404) unless the plugin is on in a server the
// bot is in. The visitor's own live membership, when signed in.

export type MembershipPage = {
  guild: { id: string; name: string; icon: string | null };
  description: string;
  termsUrl: string | null;
  plans: Array<{ id: string; name: string; description: string; priceCents: number; currency: string; period: string; roleName: string | null }>;
  membership: { id: string; planId: string | null; periodEnd: Date; renews: boolean } | null;
};

export async function loadMembershipPage(db: Db, guildId: string, userId: string | null): Promise<MembershipPage | null> {
  const state = await readPluginState(db, guildId, memberships);
  if (!state.enabled) return null;
  const guild = await getGuild(guildId).catch(() => null);
  if (!guild) return null;
  const [plans, pickers, [own]] = await Promise.all([
    listPlans(db, guildId),
    getGuildPickers(guildId),
    userId
      ? db
          .select()
          .from(membershipRows)
          .where(and(eq(membershipRows.guildId, guildId), eq(membershipRows.userId, userId), notInArray(membershipRows.status, ["ended", "cancelled"])))
      : Promise.resolve([]),
  ]);
  const roleName = (roleId: string) => pickers.roles.find((role) => role.id === roleId)?.name ?? null;
  return {
    guild: { id: guild.id, name: guild.name, icon: guild.icon },
    description: String(state.config.page_description ?? ""),
    termsUrl: typeof state.config.terms_url === "string" && state.config.terms_url !== "" ? state.config.terms_url : null,
    plans: plans.map((plan) => ({ id: plan.id, name: plan.name, description: plan.description, priceCents: plan.priceCents, currency: plan.currency, period: plan.period, roleName: roleName(plan.roleId) })),
    membership: own ? { id: own.id, planId: own.planId, periodEnd: own.currentPeriodEnd, renews: own.status === "active" } : null,
  };
}
