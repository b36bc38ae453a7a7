import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { ENTITLEMENTS } from "@/lib/billing/entitlements";
import { LOCALES } from "@/lib/i18n/locales";
import { getPlugin, PLUGIN_IDS } from "@/lib/plugins/index";
import { findEndpoint } from "@/lib/plugins/server";
import { isBuilt, LANDING_CLAIMS, NOT_BUILT, PREMIUM_CLAIMS, type Claim, type ClaimNeed } from "./claims";

// The public pages claim only what works: each feature they name depends on a plugin that runs,
// a built entitlement or an API route that answers, and its words exist in every language.
// (app/[locale]/(site)/claims.test.ts keeps a second guard: words of unbuilt features.)

type Json = { [key: string]: string | Json };
const messages = (locale: string, file = `${locale}.json`) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", file), "utf8")) as Json;
const at = (json: Json, key: string) => key.split(".").reduce<Json | string | undefined>((node, part) => (typeof node === "object" ? node[part] : undefined), json);
const strings = (node: Json | string | undefined): string[] => (node === undefined ? [] : typeof node === "string" ? [node] : Object.values(node).flatMap(strings));

const CLAIMS: Claim[] = [
  LANDING_CLAIMS.description,
  LANDING_CLAIMS.subtitle,
  ...Object.values(LANDING_CLAIMS.categories).flat(),
  ...LANDING_CLAIMS.premium,
  PREMIUM_CLAIMS.description,
  ...PREMIUM_CLAIMS.unlocks,
];

const SAMPLE_ID = "100000000000000001";

/** Why a route claimed as `METHOD /api/…` does not answer, or null when its handler exists. */
function routeProblem(route: string): string | null {
  const [method = "", pathname = ""] = route.split(" ");
  const parts = pathname.split("/").filter(Boolean);
  if (parts[0] !== "api") return "not an API route";
  // The plugin catch-all answers from the registry; any other path needs its own route file.
  if (parts[1] === "plugins") {
    const match = findEndpoint(method, parts.slice(2).map((part) => (part.startsWith(":") ? SAMPLE_ID : part)));
    return match.kind === "found" ? null : `no ${method} endpoint in the plugin registry`;
  }
  const file = path.join("app", ...parts.map((part) => (part.startsWith(":") ? `[${part.slice(1)}]` : part)), "route.ts");
  if (!existsSync(file)) return `no ${file}`;
  return new RegExp(`export (const|async function|function) ${method}\\b`).test(readFileSync(file, "utf8")) ? null : `${file} has no ${method}`;
}

/** Why a claim's dependency does not work, or null. */
function unmet(need: ClaimNeed): string | null {
  if ("plugin" in need) return !getPlugin(need.plugin) ? `no plugin ${need.plugin}` : isBuilt(need.plugin) ? null : `${need.plugin} is not built`;
  if ("entitlement" in need) return !(need.entitlement in ENTITLEMENTS) ? `no entitlement ${need.entitlement}` : ENTITLEMENTS[need.entitlement].built ? null : `${need.entitlement} is not built`;
  return routeProblem(need.route);
}

describe("claims", () => {
  it.each(CLAIMS.map((claim) => [claim.key, claim] as const))("%s depends only on what works", (_key, claim) => {
    expect(claim.needs.length).toBeGreaterThan(0);
    expect(claim.needs.map(unmet).filter(Boolean)).toEqual([]);
  });

  it("catches what does not work: an unbuilt entitlement, a missing route or method (moderation cases, wallet)", () => {
    // Credits are kept in a ledger and spent since issue 25.
    expect(unmet({ plugin: "credits" })).toBeNull();
    expect(unmet({ entitlement: "wallet" })).toBe("wallet is not built");
    expect(unmet({ route: "GET /api/guilds/:guildId/moderation/infractions" })).toMatch(/^no app/);
    expect(unmet({ route: "POST /api/plugins/moderator/guilds/:guildId/lockdown" })).toMatch(/^no POST endpoint/);
    expect(unmet({ route: "DELETE /api/guilds/:guildId/audit-log" })).toMatch(/has no DELETE$/);
    expect(unmet({ route: "GET /api/plugins/levels/guilds/:guildId/rank-card/:userId" })).toBeNull();
  });

  it("claims moderation on what does it: the moderator plugin, its cases and the lockdown's switch", () => {
    const moderation = LANDING_CLAIMS.categories.utilities.find((claim) => claim.id === "moderation")!;
    expect(moderation.needs).toEqual(
      expect.arrayContaining([{ plugin: "moderator" }, { route: "GET /api/plugins/moderator/guilds/:guildId/infractions" }, { route: "PATCH /api/plugins/moderator/guilds/:guildId/lockdown" }]),
    );
    expect(moderation.needs.map(unmet).filter(Boolean)).toEqual([]);
  });

  it.each(LOCALES)("has every claim's words in %s, translated", (locale) => {
    const english = messages("en");
    const own = messages(locale);
    for (const { key } of CLAIMS) {
      const words = strings(at(own, key));
      expect({ key, found: words.length > 0 && words.every((text) => text.trim().length > 0) }).toEqual({ key, found: true });
      if (locale !== "en") expect({ key, copied: words.some((text, index) => text === strings(at(english, key))[index]) }).toEqual({ key, copied: false });
    }
  });

  it("names as premium plugins only plugins a free server cannot switch on", () => {
    const named = LANDING_CLAIMS.premium.find((claim) => claim.id === "premiumPlugins")!.needs.flatMap((need) => ("plugin" in need ? [need.plugin] : []));
    expect(named.filter((id) => !getPlugin(id)!.premium)).toEqual([]);
  });

  it("is the only source of the landing page's feature sentences", () => {
    const landing = messages("en").landing as Json;
    const landingClaims = [...Object.values(LANDING_CLAIMS.categories).flat(), ...LANDING_CLAIMS.premium].map((claim) => claim.key.replace("landing.claims.", ""));
    expect(Object.keys(landing.claims as Json).sort()).toEqual(landingClaims.sort());
    // The categories keep only their titles; their features are claims.
    for (const category of Object.values(landing.categories as Record<string, Json>)) expect(Object.keys(category)).toEqual(["title"]);
  });
});

describe("NOT_BUILT", () => {
  const plugins = messages("en", "plugins/en.json");

  it("lists exactly the plugins whose cards say they are not available yet", () => {
    const notYet = PLUGIN_IDS.filter((id) => ((plugins[id] as Json).description as string).startsWith("Not available yet"));
    expect([...NOT_BUILT.plugins].sort()).toEqual([...notYet].sort());
  });

  it("names settings that exist", () => {
    for (const setting of NOT_BUILT.settings) {
      const [pluginId = "", field = ""] = setting.split("/");
      expect({ setting, exists: field in getPlugin(pluginId)!.configSchema.shape }).toEqual({ setting, exists: true });
    }
    // The lockdown locks since issue 21.
    expect(isBuilt("moderator", "lockdown_channel_ids")).toBe(true);
    // Webhooks are made, listed and changed on the platform since issue 24.
    expect(isBuilt("webhooks")).toBe(true);
    // Memberships are sold, credits kept and NFT avatars set since issue 25.
    for (const plugin of ["memberships", "credits", "nft_avatars"] as const) expect(isBuilt(plugin)).toBe(true);
  });
});
