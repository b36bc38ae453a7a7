import { CUSTOM_BOT_BUFF, PLAN_BUFFS, type Plan } from "./plans";

// What each paid offer unlocks (issue 20): a guild's buffs (subscriptions, gifts, the platform's
// boost) map to named entitlements, and every gate in the product asks for an entitlement,
// never for a buff or a plan. An entitlement nothing reads yet is `built: false`; an offer none
// of whose entitlements is built is not sold (isSold: the shop, the premium page and every
// checkout refuse it). entitlements.test.ts fails when a sold entitlement has no gate reading
// it, or an unbuilt one has. Pure and client-safe.
//
// What each plan gives:
// - Premium: `premium`, everything lib/premium/comparison.ts lists.
// - Pro: `custom_bot` (the custom bot is included, not only sold as an add-on) and `pro_limits`
//   (every plugin list holds twice its limit, on top of the server's free or premium one).
// - The bundle: Premium + Pro.
// - Web3: `nft_avatars` and `wallet`, neither built, so Web3 is not sold; transfer-web3 still
//   moves a Web3 subscription bought before. (The NFT avatars plugin is Premium's, like every
//   premium plugin, and linking wallets is every user's: neither needs Web3.)

export const ENTITLEMENTS = {
  /** Premium plugins, raised list limits and sizes, premium-only settings (lib/premium/comparison.ts). */
  premium: { built: true },
  /** A custom bot with the server's own name, avatar and status (lib/custom-bot/). */
  custom_bot: { built: true },
  /** Twice the item limits of every plugin list, on top of the server's tier (lib/plugins/collection-limit.ts). */
  pro_limits: { built: true },
  /** NFT avatars for the bot: not built. */
  nft_avatars: { built: false },
  /** Wallet features (token-gated roles): not built. */
  wallet: { built: false },
} as const satisfies Record<string, { built: boolean }>;

export type Entitlement = keyof typeof ENTITLEMENTS;

/** Entitlements per guild buff. Gifts and the platform's boost give Premium too (spec 1). */
const BUFF_ENTITLEMENTS: Readonly<Record<string, readonly Entitlement[]>> = {
  premium: ["premium"],
  "premium-gift": ["premium"],
  "premium-discord": ["premium"],
  pro: ["custom_bot", "pro_limits"],
  web3: ["nft_avatars", "wallet"],
  [CUSTOM_BOT_BUFF]: ["custom_bot"],
};

export function entitlementsOf(buffs: readonly string[]): Entitlement[] {
  return [...new Set(buffs.flatMap((buff) => BUFF_ENTITLEMENTS[buff] ?? []))];
}

/** The one question every gate asks. */
export function hasEntitlement(buffs: readonly string[], entitlement: Entitlement): boolean {
  return buffs.some((buff) => BUFF_ENTITLEMENTS[buff]?.includes(entitlement));
}

/** What a plan unlocks while it is paid for. */
export function planEntitlements(plan: Plan): Entitlement[] {
  return entitlementsOf(PLAN_BUFFS[plan]);
}

/** The entitlements of `plan` that something in the product reads. */
export function builtEntitlements(plan: Plan): Entitlement[] {
  return planEntitlements(plan).filter((entitlement) => ENTITLEMENTS[entitlement].built);
}

/** Whether `plan` may be sold: at least one of its entitlements is built. */
export function isSold(plan: Plan): boolean {
  return builtEntitlements(plan).length > 0;
}
