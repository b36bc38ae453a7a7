import { sameValue } from "@/lib/json/same-value";

// What an import would change, judged on values that already went through the import's own
// normalisation (ids matched by name, values read through the plugin schemas). The preview
// lists these and applyImport writes exactly these, so "nothing would change" means no
// version and no audit row.

type Json = Record<string, unknown>;

export type PluginChange = {
  /** The new switch, only when the file turns the plugin on or off. */
  enabled?: boolean;
  /** Config keys whose value differs. */
  settings: string[];
};

export type CollectionChange = { added: number; removed: number; changed: number };

/** Null when the plugin would stay as it is. */
export function pluginChange(current: { enabled: boolean; config: Json }, next: { enabled: boolean; config: Json }): PluginChange | null {
  const keys = [...new Set([...Object.keys(next.config), ...Object.keys(current.config)])];
  // A key present on one side only differs even when its value is undefined: sameValue of the
  // whole config (what decided before this list existed) sees it too.
  const settings = keys.filter((key) => Object.hasOwn(current.config, key) !== Object.hasOwn(next.config, key) || !sameValue(current.config[key], next.config[key]));
  if (current.enabled === next.enabled && settings.length === 0) return null;
  return { ...(current.enabled !== next.enabled && { enabled: next.enabled }), settings };
}

/**
 * Items compared by content: ids, positions and versions are not part of an item's data, and
 * the order is creation order (nothing lets a user arrange it), so two lists holding the same
 * items in another order are equal. Of the items that differ, one removed and one added under
 * the same title read as one changed item.
 */
export function collectionChange(current: readonly Json[], next: readonly Json[], titleField: string): CollectionChange | null {
  const unmatched = new Map<string, Json[]>();
  for (const item of current) {
    const key = contentKey(item);
    unmatched.set(key, [...(unmatched.get(key) ?? []), item]);
  }
  const added: Json[] = [];
  for (const item of next) {
    const same = unmatched.get(contentKey(item));
    if (same && same.length > 0) same.pop();
    else added.push(item);
  }
  const removed = [...unmatched.values()].flat();
  if (added.length === 0 && removed.length === 0) return null;

  const removedTitles = new Map<string, number>();
  for (const item of removed) {
    const title = titleOf(item, titleField);
    if (title !== null) removedTitles.set(title, (removedTitles.get(title) ?? 0) + 1);
  }
  let changed = 0;
  for (const item of added) {
    const title = titleOf(item, titleField);
    const left = title === null ? 0 : (removedTitles.get(title) ?? 0);
    if (left > 0) {
      removedTitles.set(title!, left - 1);
      changed += 1;
    }
  }
  return { added: added.length - changed, removed: removed.length - changed, changed };
}

/** Server settings the file sets to another value; keys it leaves out are not touched. */
export function settingsChange(current: Json, next: Json): string[] {
  return Object.entries(next)
    .filter(([key, value]) => !sameValue(current[key], value))
    .map(([key]) => key);
}

/** One string per content, whatever the key order (stored jsonb does not keep it). */
function contentKey(value: unknown): string {
  return JSON.stringify(sortedKeys(value));
}

function sortedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortedKeys);
  if (typeof value === "object" && value !== null) {
    const record = value as Json;
    return Object.fromEntries(
      Object.keys(record)
        .sort()
        .map((key) => [key, sortedKeys(record[key])]),
    );
  }
  return value ?? null;
}

function titleOf(item: Json, titleField: string): string | null {
  const title = item[titleField];
  return typeof title === "string" && title.trim() !== "" ? title.trim().toLowerCase() : null;
}
