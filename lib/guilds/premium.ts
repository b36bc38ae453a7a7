// Spec 1 and 9: premium buffs and the boost tier mapping. Pure.

export const PREMIUM_BUFFS = ["premium", "premium-gift", "premium-discord"] as const;

export function isPremium(buffs: readonly string[]): boolean {
  return buffs.some((buff) => (PREMIUM_BUFFS as readonly string[]).includes(buff));
}

/** Spec 9 tier mapping by premium_tier: the emoji slots the platform grants per boost tier. */
const TIER_VALUES = [50, 100, 150, 250] as const;

export function tierValue(premiumTier: number): number {
  return TIER_VALUES[Math.min(Math.max(Math.trunc(premiumTier), 0), 3)] ?? 50;
}
