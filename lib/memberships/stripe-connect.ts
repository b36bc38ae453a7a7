import "server-only";
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { stripeClient } from "@/lib/billing/stripe/client";
import { viaStripe } from "@/lib/billing/stripe/errors";
import type { Db, Tx } from "@/lib/db/client";
import { membershipAccounts } from "@/lib/db/schema";

// Memberships are sold on the guild's own Stripe account through Stripe Connect, not on
// Guildhall's account and not through Chargebee. Why: the money is the server owner's, so it
// must land on their account (Stripe pays it out and does their tax and refunds), while the
// platform keeps one integration: the same `stripe` SDK, one webhook endpoint
// (/api/webhooks/stripe, Connect events carry `account`) and the same signature check.
// Chargebee would need a site per owner, or would make Guildhall the merchant of record for
// every server's members. Every call here names the guild's account (`Stripe-Account`).

/** Request options acting on a connected account. */
export const onAccount = (stripeAccount: string): Stripe.RequestOptions => ({ stripeAccount });

export async function guildAccount(db: Db | Tx, guildId: string): Promise<string | null> {
  const [row] = await db.select({ id: membershipAccounts.stripeAccountId }).from(membershipAccounts).where(eq(membershipAccounts.guildId, guildId));
  return row?.id ?? null;
}

/**
 * The guild's connected account, made on its first plan. The idempotency key is the guild's, so
 * two first plans saved at once make one account; the row's conflict keeps the first.
 */
export async function ensureGuildAccount(db: Db, guildId: string): Promise<string> {
  const known = await guildAccount(db, guildId);
  if (known) return known;
  const account = await viaStripe(() => stripeClient().accounts.create({ type: "express", metadata: { guild_id: guildId } }, { idempotencyKey: `membership-account-${guildId}` }));
  await db.insert(membershipAccounts).values({ guildId, stripeAccountId: account.id }).onConflictDoNothing();
  return (await guildAccount(db, guildId))!;
}

export type PriceSpec = { name: string; priceCents: number; currency: string; period: "month" | "year"; planId: string };

/** A recurring price for a plan on the guild's account (prices are immutable: a changed price is a new one). */
export async function createPlanPrice(account: string, spec: PriceSpec): Promise<string> {
  const price = await viaStripe(() =>
    stripeClient().prices.create(
      { currency: spec.currency, unit_amount: spec.priceCents, recurring: { interval: spec.period }, product_data: { name: spec.name }, metadata: { membership_plan_id: spec.planId } },
      onAccount(account),
    ),
  );
  return price.id;
}
