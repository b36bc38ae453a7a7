import "server-only";
import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { z } from "zod";
import { billingRefusal } from "@/lib/billing/refusal";
import { stripeConfigured } from "@/lib/billing/stripe/client";
import type { Db } from "@/lib/db/client";
import { membershipPlans } from "@/lib/db/schema";
import type { Locale } from "@/lib/i18n/locales";
import { requiredRoleField } from "@/lib/plugins/fields";
import { memberships } from "@/lib/plugins/memberships/definition";
import { readPluginState } from "@/lib/plugins/plugin-states";
import { checkReferences } from "@/lib/plugins/rules";
import { inputText } from "@/lib/validation/text";
import { createPlanPrice, ensureGuildAccount } from "./stripe-connect";

// A guild's membership plans (up to 10): name, price in the plugin's currency, period, the role
// it grants (one the bot can give: checked against the guild's roles like every giving role
// field) and a description. Each has a recurring price on the guild's Stripe account; a new
// price or period makes a new one, and members already subscribed keep theirs until they change plan.

export const MAX_PLANS = 10;
export const PLAN_PERIODS = ["month", "year"] as const;

export const planInput = z.strictObject({
  name: inputText().trim().min(1).max(80),
  description: inputText().trim().max(500).default(""),
  /** In the currency's smallest unit: 1.00 to 10,000.00. */
  price_cents: z.number().int().min(100).max(1_000_000),
  period: z.enum(PLAN_PERIODS),
  role_id: requiredRoleField({ gives: true }),
});
export const planPatch = planInput.partial();
export type PlanInput = z.output<typeof planInput>;

export type PlanView = { id: string; name: string; description: string; price_cents: number; currency: string; period: (typeof PLAN_PERIODS)[number]; role_id: string };
type PlanRow = typeof membershipPlans.$inferSelect;

export const planView = (row: PlanRow): PlanView => ({ id: row.id, name: row.name, description: row.description, price_cents: row.priceCents, currency: row.currency, period: row.period as PlanView["period"], role_id: row.roleId });

export async function listPlans(db: Db, guildId: string): Promise<PlanRow[]> {
  return db.select().from(membershipPlans).where(eq(membershipPlans.guildId, guildId)).orderBy(asc(membershipPlans.createdAt), asc(membershipPlans.id));
}

export async function findPlan(db: Db, guildId: string, planId: string): Promise<PlanRow | null> {
  const [row] = await db.select().from(membershipPlans).where(and(eq(membershipPlans.guildId, guildId), eq(membershipPlans.id, planId)));
  return row ?? null;
}

async function planCurrency(db: Db, guildId: string): Promise<string> {
  return String((await readPluginState(db, guildId, memberships)).config.currency);
}

export async function createPlan(db: Db, guildId: string, input: PlanInput, locale: Locale): Promise<PlanView> {
  await checkReferences(db, guildId, { schema: planInput }, input);
  const [{ value } = { value: 0 }] = await db.select({ value: count() }).from(membershipPlans).where(eq(membershipPlans.guildId, guildId));
  if (value >= MAX_PLANS) throw billingRefusal(409, "plans", "membership_plan_limit", locale, { max: MAX_PLANS });
  if (!stripeConfigured()) throw billingRefusal(503, "plans", "billing_unavailable", locale);
  const id = randomUUID();
  const currency = await planCurrency(db, guildId);
  const account = await ensureGuildAccount(db, guildId);
  const stripePriceId = await createPlanPrice(account, { name: input.name, priceCents: input.price_cents, currency, period: input.period, planId: id });
  const [row] = await db
    .insert(membershipPlans)
    .values({ id, guildId, name: input.name, description: input.description, priceCents: input.price_cents, currency, period: input.period, roleId: input.role_id, stripePriceId })
    .returning();
  return planView(row!);
}

export async function updatePlan(db: Db, guildId: string, planId: string, patch: z.output<typeof planPatch>, locale: Locale): Promise<PlanView> {
  const current = await findPlan(db, guildId, planId);
  if (!current) throw billingRefusal(404, "plan_id", "membership_plan_not_found", locale);
  const next = { name: patch.name ?? current.name, description: patch.description ?? current.description, price_cents: patch.price_cents ?? current.priceCents, period: patch.period ?? (current.period as PlanInput["period"]), role_id: patch.role_id ?? current.roleId };
  await checkReferences(db, guildId, { schema: planInput }, next);
  const currency = await planCurrency(db, guildId);
  const repriced = next.price_cents !== current.priceCents || next.period !== current.period || currency !== current.currency;
  if (repriced && !stripeConfigured()) throw billingRefusal(503, "plans", "billing_unavailable", locale);
  const stripePriceId = repriced ? await createPlanPrice(await ensureGuildAccount(db, guildId), { name: next.name, priceCents: next.price_cents, currency, period: next.period, planId }) : current.stripePriceId;
  const [row] = await db
    .update(membershipPlans)
    .set({ name: next.name, description: next.description, priceCents: next.price_cents, period: next.period, roleId: next.role_id, currency, stripePriceId })
    .where(and(eq(membershipPlans.guildId, guildId), eq(membershipPlans.id, planId)))
    .returning();
  return planView(row!);
}

/** A deleted plan sells no more; its members keep their subscription and role until it ends. */
export async function deletePlan(db: Db, guildId: string, planId: string, locale: Locale): Promise<void> {
  const deleted = await db.delete(membershipPlans).where(and(eq(membershipPlans.guildId, guildId), eq(membershipPlans.id, planId))).returning({ id: membershipPlans.id });
  if (deleted.length === 0) throw billingRefusal(404, "plan_id", "membership_plan_not_found", locale);
}
