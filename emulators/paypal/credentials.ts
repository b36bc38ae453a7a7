import { PERIODS, PLANS, USD_CENTS, type PeriodMonths, type Plan } from "../../lib/billing/plans";

// The fake's fixed sandbox credentials and catalogue: the app's PAYPAL_* settings when no PayPal
// app is configured (npm start, tests). One billing plan per Guildhall plan and period, priced
// as the other fakes price them.

export const FAKE_CLIENT_ID = "AfakeGuildhallSandboxClientId";
export const FAKE_CLIENT_SECRET = "EfakeGuildhallSandboxClientSecret";
export const FAKE_WEBHOOK_ID = "1JE4291016473214C";
/** The one buyer who approves on the fake's page (PayPal's sandbox personal account). */
export const FAKE_BUYER = { payerId: "QYR5Z8XDVJNXQ", email: "sb-buyer@personal.example.com", givenName: "Sandbox", surname: "Buyer" };

export type FakePlan = { id: string; plan: Plan; months: PeriodMonths; cents: number };

export const FAKE_PLANS: FakePlan[] = PLANS.flatMap((plan) => PERIODS.map((months) => ({ id: `P-GUILDHALL${plan.toUpperCase()}${months}M`, plan, months, cents: USD_CENTS[plan][months] })));

/** PAYPAL_PLAN_IDS for the fake: {"premium_1":"P-GUILDHALLPREMIUM1M", …}. */
export function fakePlanIds(): Record<string, string> {
  return Object.fromEntries(FAKE_PLANS.map((entry) => [`${entry.plan}_${entry.months}`, entry.id]));
}
