import { hasEntitlement } from "@/lib/billing/entitlements";
import type { CollectionDefinition } from "./types";

// How many items a guild may keep in a plugin list, from what its buffs unlock
// (lib/billing/entitlements.ts): the free or the premium limit of the list, and twice that
// with Pro's `pro_limits`. The API enforces it, the pages show it. Pure and client-safe.

/** What `pro_limits` multiplies every list's limit by. */
export const PRO_LIMITS_FACTOR = 2;

type Limits = Pick<CollectionDefinition, "limits">;

/** The most items a guild with these buffs may keep in the collection. */
export function collectionLimit(definition: Limits, buffs: readonly string[]): number {
  return withProLimits(hasEntitlement(buffs, "premium") ? definition.limits.premium : definition.limits.free, buffs);
}

/** The limit the same guild would have with Premium: the number "Premium raises it to" says. */
export function limitWithPremium(definition: Limits, buffs: readonly string[]): number {
  return withProLimits(definition.limits.premium, buffs);
}

const withProLimits = (limit: number, buffs: readonly string[]) => (hasEntitlement(buffs, "pro_limits") ? limit * PRO_LIMITS_FACTOR : limit);
