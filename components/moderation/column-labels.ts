import type { CSSProperties } from "react";

/**
 * A table's column names as CSS custom properties (--c1, --c2…), which a phone's layout writes
 * before each cell (moderation.module.css): given once per table, not once per cell. A column
 * without a name (an action's) gets none.
 */
export function columnLabels(names: ReadonlyArray<string | null>): CSSProperties {
  return Object.fromEntries(names.flatMap((name, index) => (name ? [[`--c${index + 1}`, JSON.stringify(name)]] : []))) as CSSProperties;
}
