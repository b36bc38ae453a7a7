import { hasEntitlement } from "@/lib/billing/entitlements";

// Spec 1, 6 and 9: whether a guild is premium (its buffs give the premium entitlement) or web3, and the boost tier mapping. Pure.

export function isPremium(buffs: readonly string[]): boolean {
  return hasEntitlement(buffs, "premium");
}

/** Whether a guild pays for Web3 (spec 6's web3 guilds): its buff, whatever the plan unlocks today. */
export function isWeb3(buffs: readonly string[]): boolean {
  return buffs.includes("web3");
}

/** Spec 9 tier mapping by premium_tier: the emoji slots the platform grants per boost tier. */
const TIER_VALUES = [50, 100, 150, 250] as const;

export function tierValue(premiumTier: number): number {
  return TIER_VALUES[Math.min(Math.max(Math.trunc(premiumTier), 0), 3)] ?? 50;
}
