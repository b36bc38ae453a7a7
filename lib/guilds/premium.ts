import { hasEntitlement } from "@/lib/billing/entitlements";

// Spec 1 and 9: whether a guild is premium (its buffs give the premium entitlement) and the boost tier mapping. Pure.

export function isPremium(buffs: readonly string[]): boolean {
  return hasEntitlement(buffs, "premium");
}

/** Spec 9 tier mapping by premium_tier: the emoji slots the platform grants per boost tier. */
const TIER_VALUES = [50, 100, 150, 250] as const;

export function tierValue(premiumTier: number): number {
  return TIER_VALUES[Math.min(Math.max(Math.trunc(premiumTier), 0), 3)] ?? 50;
}
