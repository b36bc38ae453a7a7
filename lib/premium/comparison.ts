import { limitWithPremium } from "@/lib/plugins/collection-limit";
import { configFormSpec, itemFormSpec, type FormField } from "@/lib/plugins/form-spec";
import { PLUGINS } from "@/lib/plugins/index";
import type { PluginDefinition } from "@/lib/plugins/types";
import { listKey } from "./list-key";

// What Premium changes, read from the plugin definitions: the server enforces these same
// numbers (lib/plugins/items.ts, rules.ts), so the premium page and the notices cannot
// promise more than a premium server gets.

/** A collection whose item limit Premium raises. */
export type PremiumList = { pluginId: string; collection: string; free: number; premium: number };
/** A field whose size (`freeMax`) Premium raises; `premium` is the schema's own maximum, null when it has none. */
export type PremiumSize = { pluginId: string; collection?: string; path: string; free: number; premium: number | null };
/** A field free servers keep at its default; the rest describes the choice Premium opens up. */
export type PremiumSetting = { pluginId: string; collection?: string; path: string; type: FormField["type"]; default: unknown; min?: number; max?: number };

export type PremiumComparison = {
  /** Plugins only a premium server can switch on. */
  plugins: string[];
  lists: PremiumList[];
  sizes: PremiumSize[];
  settings: PremiumSetting[];
};

/**
 * Everything Premium adds, in display order. Lists and fields of premium-only plugins are
 * left out: the plugin's own row already says a free server cannot use any of it.
 */
export function premiumComparison(plugins: readonly PluginDefinition[] = PLUGINS): PremiumComparison {
  const comparison: PremiumComparison = { plugins: [], lists: [], sizes: [], settings: [] };
  for (const plugin of plugins) {
    if (plugin.premium) {
      // A plugin unlocked by an entitlement of its own (the custom bot) is its plan's row, not Premium's.
      if ((plugin.entitlement ?? "premium") === "premium") comparison.plugins.push(plugin.id);
      continue;
    }
    collectFields(comparison, plugin.id, undefined, configFormSpec(plugin).fields, "");
    for (const collection of Object.keys(plugin.collections)) collectFields(comparison, plugin.id, collection, itemFormSpec(plugin, collection).fields, "");
  }
  comparison.lists = premiumLists(plugins);
  return comparison;
}

/** Collections of plugins a free server may use whose item limit Premium raises. */
export function premiumLists(plugins: readonly PluginDefinition[] = PLUGINS): PremiumList[] {
  return plugins.flatMap((plugin) =>
    plugin.premium
      ? []
      : Object.entries(plugin.collections).flatMap(([collection, { limits }]) => (limits.premium > limits.free ? [{ pluginId: plugin.id, collection, free: limits.free, premium: limits.premium }] : [])),
  );
}

function collectFields(out: PremiumComparison, pluginId: string, collection: string | undefined, fields: readonly FormField[], prefix: string) {
  for (const field of fields) {
    // Paths are the keys of the plugin's field labels ("role_rewards", "pairs.role_id").
    const path = `${prefix}${field.name}`;
    const where = collection === undefined ? { pluginId } : { pluginId, collection };
    if (field.premium) {
      const range = { ...(field.min !== undefined && { min: field.min }), ...(field.max !== undefined && { max: field.max }) };
      out.settings.push({ ...where, path, type: field.type, default: field.default, ...range });
    }
    if (field.freeMax !== undefined) out.sizes.push({ ...where, path, free: field.freeMax, premium: field.maxItems ?? field.maxLength ?? null });
    if (field.itemFields) collectFields(out, pluginId, collection, field.itemFields, `${path}.`);
  }
}

/** For a guild with these buffs, the item limit Premium gives each collection it raises, by `listKey` (twice it with Pro's limits). */
export function premiumListLimits(buffs: readonly string[], plugins: readonly PluginDefinition[] = PLUGINS): Record<string, number> {
  return Object.fromEntries(premiumLists(plugins).map((list) => [listKey(list.pluginId, list.collection), limitWithPremium({ limits: list }, buffs)]));
}
