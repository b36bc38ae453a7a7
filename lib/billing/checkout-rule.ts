import { PLAN_BUFFS, type Plan } from "./plans";
import type { ProviderId } from "./provider-contract";

// Whether a guild may open a checkout for a plan while it already pays for others: a plan
// whose buffs it already has running would be bought twice, so the owner changes the running
// subscription from the server's overview instead. A prepaid crypto plan is the exception: it
// is renewed by paying the same plan again in crypto (lib/billing/crypto/credit.ts extends it).
// Pure and client-safe: the checkout routes enforce it, the premium page's chooser shows it.

/** A subscription giving its buffs now: its plan and who sold it. */
export type RunningPlan = { plan: Plan; provider: ProviderId };

/** The running plan that keeps `plan` from being bought through `provider`, or null when it may be. */
export function blockingPlan(running: readonly RunningPlan[], plan: Plan, provider: ProviderId): RunningPlan | null {
  const wanted = PLAN_BUFFS[plan];
  const renewsPrepaid = (entry: RunningPlan) => provider === "crypto" && entry.provider === "crypto" && entry.plan === plan;
  return running.find((entry) => !renewsPrepaid(entry) && PLAN_BUFFS[entry.plan].some((buff) => wanted.includes(buff))) ?? null;
}
