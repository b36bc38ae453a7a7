import { ENTITLEMENTS, isSold, planEntitlements, type Entitlement } from "@/lib/billing/entitlements";
import { PLANS, type Plan } from "@/lib/billing/plans";
import type { PluginId } from "@/lib/plugins/index";

// Every feature the public pages name (issue 20): the landing page and /premium render these
// lists and name nothing else. A claim is the message that names a feature and what it depends
// on: a plugin (which must exist and not be one NOT_BUILT lists), an entitlement (built), or an
// API route (`METHOD /api/…`, `:param` segments; its handler must exist). claims.test.ts fails
// when one does not, so the copy can only promise what works. Pure and client-safe.

export type ClaimNeed = { plugin: PluginId } | { entitlement: Entitlement } | { route: string };
/** `key`: the message, from the root of messages/{locale}.json. */
export type Claim = { id: string; key: string; needs: readonly ClaimNeed[] };

/**
 * Plugins and settings that can be saved but that nothing runs yet: their cards say "Not
 * available yet", no claim may depend on them and /premium leaves them out. Moderation (cases,
 * members' histories, bans, timeouts, the lockdown) runs since issue 21: none of it is listed.
 */
export const NOT_BUILT: { plugins: readonly PluginId[]; settings: readonly string[] } = {
  plugins: [],
  settings: [],
};

/** Whether the plugin (and the setting at `path`, when given) does something today. */
export function isBuilt(pluginId: string, path?: string): boolean {
  if ((NOT_BUILT.plugins as readonly string[]).includes(pluginId)) return false;
  return path === undefined || !NOT_BUILT.settings.includes(`${pluginId}/${path}`);
}

const plugins = (...ids: PluginId[]): ClaimNeed[] => ids.map((plugin) => ({ plugin }));
const landing = (id: string, ...needs: ClaimNeed[]): Claim => ({ id, key: `landing.claims.${id}`, needs });

export const LANDING_CATEGORIES = ["utilities", "social", "fun", "more"] as const;
export type LandingCategory = (typeof LANDING_CATEGORIES)[number];

export const LANDING_CLAIMS = {
  /** The page's description for search engines and link previews. */
  description: { id: "description", key: "meta.description", needs: [...plugins("moderator", "welcome", "levels", "twitch", "youtube", "commands")] } satisfies Claim,
  subtitle: { id: "subtitle", key: "landing.subtitle", needs: [...plugins("moderator", "welcome", "levels", "twitch", "kick", "youtube")] } satisfies Claim,
  categories: {
    utilities: [
      landing(
        "moderation",
        ...plugins("moderator"),
        { route: "GET /api/plugins/moderator/guilds/:guildId/infractions" },
        { route: "POST /api/plugins/moderator/guilds/:guildId/infractions" },
        { route: "GET /api/plugins/moderator/guilds/:guildId/members/:userId/history" },
        { route: "GET /api/plugins/moderator/guilds/:guildId/bans" },
        { route: "PATCH /api/plugins/moderator/guilds/:guildId/lockdown" },
      ),
      landing("automod", ...plugins("moderator")),
      landing("welcome", ...plugins("welcome"), { route: "GET /api/plugins/welcome/welcome-card/:guildId/preview" }),
      landing("timers", ...plugins("timers")),
      landing("commands", ...plugins("commands")),
      landing("reactionRoles", ...plugins("reaction_roles"), { route: "POST /api/plugins/reaction_roles/guilds/:guildId/messages/:itemId/post" }),
      landing("embeds", ...plugins("guild_embeds"), { route: "POST /api/plugins/guild_embeds/guilds/:guildId/embeds/:itemId/send" }),
    ],
    social: [
      landing("streams", ...plugins("twitch", "kick")),
      landing("videos", ...plugins("youtube")),
      landing("reddit", ...plugins("reddit")),
      landing("feeds", ...plugins("rss")),
    ],
    fun: [
      landing("levels", ...plugins("levels"), { route: "GET /api/plugins/levels/guilds/:guildId/rank-card/:userId" }),
      landing("music", ...plugins("music")),
      landing("economy", ...plugins("economy")),
      landing("giveaways", ...plugins("giveaways")),
      landing("birthdays", ...plugins("birthdays")),
      landing("blindtest", ...plugins("blindtest")),
    ],
    more: [
      landing("ticketing", ...plugins("ticketing")),
      landing("automations", ...plugins("automations")),
      landing("achievements", ...plugins("achievements")),
      landing("emojis", ...plugins("emojis"), { route: "POST /api/plugins/emojis/guilds/:guildId/serveremojis" }),
      landing("podcasts", ...plugins("podcasts")),
      landing("auditLog", { route: "GET /api/guilds/:guildId/audit-log" }, { route: "POST /api/guilds/:guildId/audit-log/:eventId/revert" }),
      landing("settingsTransfer", { route: "GET /api/guilds/:guildId/settings-export" }, { route: "POST /api/guilds/:guildId/settings-import" }),
    ],
  } satisfies Record<LandingCategory, Claim[]>,
  /** The box that leads to /premium. */
  premium: [
    landing("premiumPlugins", { entitlement: "premium" }, ...plugins("record", "statistics")),
    landing("premiumLists", { entitlement: "premium" }, ...plugins("timers", "commands", "twitch")),
    landing("premiumSettings", { entitlement: "premium" }, ...plugins("music")),
    landing("proLimits", { entitlement: "pro_limits" }),
  ],
};

/** The plans /premium sells, in the shop's order: a column each in its tables. */
export const SOLD_PLANS: readonly Plan[] = PLANS.filter(isSold);

/** What the sold plans unlock that is built: a row each in /premium's table of plans, named by `premium.entitlements.{id}`. */
const UNLOCKS: readonly Entitlement[] = (Object.keys(ENTITLEMENTS) as Entitlement[]).filter(
  (entitlement) => ENTITLEMENTS[entitlement].built && SOLD_PLANS.some((plan) => planEntitlements(plan).includes(entitlement)),
);

export const PREMIUM_CLAIMS = {
  description: { id: "description", key: "premium.description", needs: [{ entitlement: "premium" }, { entitlement: "pro_limits" }] } satisfies Claim,
  unlocks: UNLOCKS.map((entitlement): Claim & { entitlement: Entitlement } => ({ id: entitlement, key: `premium.entitlements.${entitlement}`, needs: [{ entitlement }], entitlement })),
};
