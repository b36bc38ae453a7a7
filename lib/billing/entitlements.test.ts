import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { ENTITLEMENTS, entitlementsOf, hasEntitlement, isSold, planEntitlements, type Entitlement } from "./entitlements";
import { CUSTOM_BOT_BUFF, PLANS } from "./plans";

// Money is taken only for what works: every entitlement a sold offer gives is read by a gate
// somewhere in the product, and nothing reads an entitlement the table says is not built.

const ROOTS = ["lib", "app", "components"];
const TABLE = path.join("lib", "billing", "entitlements.ts");

function sources(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(file);
    if (!/\.tsx?$/.test(entry.name) || /\.test\.tsx?$/.test(entry.name) || file === TABLE) return [];
    return [{ file, text: readFileSync(file, "utf8") }];
  });
}

const SOURCES = ROOTS.flatMap(sources);
const ALL = Object.keys(ENTITLEMENTS) as Entitlement[];

/** The files whose code asks for `entitlement`: `hasEntitlement(…, "name")`, or `isPremium(…)` for premium. */
function readers(entitlement: Entitlement): string[] {
  const asked = new RegExp(`hasEntitlement\\([^;]*?,\\s*["']${entitlement}["']\\s*\\)`);
  const premiumCall = /(?<!function )\bisPremium\(/;
  return SOURCES.filter(({ text }) => asked.test(text) || (entitlement === "premium" && premiumCall.test(text))).map(({ file }) => file);
}

/** What is sold: the plans the shop sells, and the custom-bot add-on that comes with them. */
const SOLD = [...new Set([...PLANS.filter(isSold).flatMap(planEntitlements), ...entitlementsOf([CUSTOM_BOT_BUFF])])].filter((entitlement) => ENTITLEMENTS[entitlement].built);

describe("the entitlement table", () => {
  it("sells Premium, Pro and the bundle, and not Web3, none of whose entitlements is built", () => {
    expect(PLANS.filter(isSold)).toEqual(["premium", "pro", "bundle"]);
    expect(planEntitlements("web3").map((entitlement) => ENTITLEMENTS[entitlement].built)).toEqual([false, false]);
  });

  it("gives Premium premium, Pro the custom bot and twice the list limits, and the bundle both", () => {
    expect(planEntitlements("premium")).toEqual(["premium"]);
    expect(planEntitlements("pro")).toEqual(["custom_bot", "pro_limits"]);
    expect(planEntitlements("bundle").sort()).toEqual(["custom_bot", "premium", "pro_limits"]);
    expect(hasEntitlement(["premium-gift"], "premium")).toBe(true);
    expect(hasEntitlement(["web3"], "premium")).toBe(false);
  });

  // custom_bot is read by lib/custom-bot/, built on another branch of issue 20: until it is merged, this fails for custom_bot alone.
  it.each(SOLD)("%s, sold, is read by a gate", (entitlement) => {
    expect(readers(entitlement)).not.toEqual([]);
  });

  it.each(ALL.filter((entitlement) => !ENTITLEMENTS[entitlement].built))("%s, not built, is read by no gate", (entitlement) => {
    expect(readers(entitlement)).toEqual([]);
  });

  it("finds the gates it looks for (the scan is not blind)", () => {
    expect(readers("premium")).toEqual(expect.arrayContaining([path.join("lib", "guilds", "premium.ts"), path.join("lib", "plugins", "collection-limit.ts")]));
    expect(readers("pro_limits")).toEqual([path.join("lib", "plugins", "collection-limit.ts")]);
  });
});
