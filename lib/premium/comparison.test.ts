import { getPlugin, PLUGINS } from "@/lib/plugins/index";
import { collectionLimit } from "@/lib/plugins/collection-limit";
import type { PluginDefinition } from "@/lib/plugins/types";
import { premiumComparison, premiumListLimits } from "./comparison";
import { premiumHref } from "./href";
import { listKey } from "./list-key";

// The premium page and notices show what the definitions (and so the server) enforce.

const comparison = premiumComparison();

describe("premiumComparison", () => {
  it("lists exactly the plugins Premium unlocks, record among them, and not the custom bot (its add-on or Pro does)", () => {
    expect(comparison.plugins).toContain("record");
    expect(comparison.plugins).toEqual(PLUGINS.filter((plugin: PluginDefinition) => plugin.premium && !plugin.entitlement).map((plugin) => plugin.id));
    expect(comparison.plugins).not.toContain("custom_bot");
    expect(comparison.plugins).not.toContain("timers");
  });

  it("gives each list Premium raises its two limits: timers hold 2 on a free server, 20 with Premium", () => {
    expect(comparison.lists).toContainEqual({ pluginId: "timers", collection: "timers", free: 2, premium: 20 });
    for (const list of comparison.lists) {
      const definition = getPlugin(list.pluginId)!.collections[list.collection]!;
      // The same numbers the item writes are held to.
      expect([collectionLimit(definition, []), collectionLimit(definition, ["premium"])]).toEqual([list.free, list.premium]);
      expect(list.premium).toBeGreaterThan(list.free);
    }
    const raised = PLUGINS.filter((plugin) => !plugin.premium).flatMap((plugin) =>
      Object.entries(plugin.collections).filter(([, { limits }]) => limits.premium > limits.free).map(([name]) => listKey(plugin.id, name)),
    );
    expect(comparison.lists.map((list) => listKey(list.pluginId, list.collection))).toEqual(raised);
  });

  it("takes free sizes from freeMax and premium sizes from the schema's maximum", () => {
    expect(comparison.sizes).toContainEqual({ pluginId: "levels", path: "role_rewards", free: 10, premium: 100 });
    expect(comparison.sizes).toContainEqual({ pluginId: "moderator", collection: "rules", path: "words", free: 50, premium: 500 });
    expect(comparison.sizes).toContainEqual({ pluginId: "welcome", path: "join_role_ids", free: 1, premium: 10 });
  });

  it("names the settings only Premium may change, with their defaults and ranges", () => {
    expect(comparison.settings).toContainEqual({ pluginId: "music", path: "always_on", type: "boolean", default: false });
    expect(comparison.settings).toContainEqual({ pluginId: "rss", path: "check_interval_minutes", type: "integer", default: 30, min: 5, max: 1440 });
    expect(comparison.settings).toContainEqual({ pluginId: "ticketing", path: "transcripts", type: "boolean", default: false });
  });

  it("leaves out the lists and fields of premium-only plugins", () => {
    const premiumOnly = new Set(comparison.plugins);
    for (const row of [...comparison.lists, ...comparison.sizes, ...comparison.settings]) expect(premiumOnly.has(row.pluginId)).toBe(false);
  });

  it("reads custom definitions too", () => {
    const [timers] = PLUGINS.filter((plugin) => plugin.id === "timers");
    const unchanged = { ...timers!, collections: { timers: { ...timers!.collections.timers, limits: { free: 5, premium: 5 } } } };
    expect(premiumComparison([unchanged]).lists).toEqual([]);
    expect(premiumComparison([{ ...timers!, premium: true }])).toEqual({ plugins: ["timers"], lists: [], sizes: [], settings: [] });
  });
});

describe("premiumListLimits", () => {
  it("maps each raised list to its premium limit", () => {
    const limits = premiumListLimits([]);
    expect(limits[listKey("timers", "timers")]).toBe(20);
    expect(limits[listKey("twitch", "streamers")]).toBe(100);
    expect(Object.keys(limits)).toHaveLength(comparison.lists.length);
  });

  it("is twice that for a guild with Pro, which doubles every list whatever its tier", () => {
    const limits = premiumListLimits(["pro"]);
    expect(limits[listKey("timers", "timers")]).toBe(40);
    expect(limits[listKey("twitch", "streamers")]).toBe(200);
  });
});

describe("premiumHref", () => {
  it("names the guild for the later checkout, and is the bare page elsewhere", () => {
    expect(premiumHref("en", "584327784348909864")).toBe("/en/premium?guild=584327784348909864");
    expect(premiumHref("ar")).toBe("/ar/premium");
    expect(premiumHref("fr", null)).toBe("/fr/premium");
  });
});
