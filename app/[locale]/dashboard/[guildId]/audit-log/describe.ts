// Turns an audit event's before/after JSON into readable rows. Pure: the page
// passes labels and an id resolver, so tests need no server.

export type DiffRow =
  | { kind: "changed"; label: string; before: string; after: string }
  | { kind: "added" | "removed"; label: string; value: string };

export type Describer = {
  /** Label of a changed key ("join_message" → "Welcome message"). */
  label: (key: string) => string;
  /** "#general" / "@Moderators" for an id the guild knows; undefined otherwise. */
  resolve: (id: string) => string | undefined;
  on: string;
  off: string;
  empty: string;
};

const MAX_TEXT = 90;
const MAX_LIST = 6;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

function clip(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function formatValue(value: unknown, d: Describer): string {
  if (value === null || value === undefined || value === "") return d.empty;
  if (typeof value === "boolean") return value ? d.on : d.off;
  if (typeof value === "number") return String(value);
  if (typeof value === "string") return d.resolve(value) ?? `“${clip(value.replace(/\s+/g, " "))}”`;
  if (Array.isArray(value)) {
    if (value.length === 0) return d.empty;
    // Lists of ids read as names; lists of small objects (emoji → role pairs) as their values side by side.
    const shown = value.slice(0, MAX_LIST).map((entry) => (isRecord(entry) ? Object.values(entry).map((inner) => plain(inner, d)).join(" ") : plain(entry, d)));
    return clip(shown.join(", ") + (value.length > MAX_LIST ? ` +${value.length - MAX_LIST}` : ""), MAX_TEXT * 2);
  }
  return clip(JSON.stringify(value), MAX_TEXT * 2);
}

function plain(value: unknown, d: Describer): string {
  if (typeof value === "string") return d.resolve(value) ?? value;
  if (typeof value === "boolean") return value ? d.on : d.off;
  return typeof value === "number" ? String(value) : JSON.stringify(value);
}

function same(left: unknown, right: unknown): boolean {
  return JSON.stringify(sorted(left)) === JSON.stringify(sorted(right));
}

function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (isRecord(value)) return Object.fromEntries(Object.keys(value).sort().map((key) => [key, sorted(value[key])]));
  return value ?? null;
}

/** Changed keys of two objects, in the order the newer value lists them. */
export function objectDiff(before: Record<string, unknown>, after: Record<string, unknown>, d: Describer): DiffRow[] {
  const keys = [...new Set([...Object.keys(after), ...Object.keys(before)])];
  return keys
    .filter((key) => !same(before[key], after[key]))
    .map((key) => ({ kind: "changed" as const, label: d.label(key), before: formatValue(before[key], d), after: formatValue(after[key], d) }));
}

/** A plugin's stored state is { enabled, config }: its switch reads as one row, then each config key. */
export function pluginDiff(before: unknown, after: unknown, d: Describer & { enabledLabel: string }): DiffRow[] {
  const left = isRecord(before) ? before : {};
  const right = isRecord(after) ? after : {};
  const rows: DiffRow[] = [];
  if (left.enabled !== undefined && right.enabled !== undefined && left.enabled !== right.enabled) {
    rows.push({ kind: "changed", label: d.enabledLabel, before: formatValue(left.enabled, d), after: formatValue(right.enabled, d) });
  }
  return [...rows, ...objectDiff(isRecord(left.config) ? left.config : {}, isRecord(right.config) ? right.config : {}, d)];
}

/** Items: created (no before), deleted (no after), or edited key by key. */
export function itemDiff(before: unknown, after: unknown, title: string, d: Describer, titleKey?: string): DiffRow[] {
  if (!isRecord(before) && isRecord(after)) return [{ kind: "added", label: title, value: summary(after, d, titleKey) }];
  if (isRecord(before) && !isRecord(after)) return [{ kind: "removed", label: title, value: summary(before, d, titleKey) }];
  if (isRecord(before) && isRecord(after)) return objectDiff(before, after, d);
  return [];
}

export function genericDiff(before: unknown, after: unknown, d: Describer): DiffRow[] {
  if (isRecord(before) && isRecord(after)) return objectDiff(before, after, d);
  return same(before, after) ? [] : [{ kind: "changed", label: d.label(""), before: formatValue(before, d), after: formatValue(after, d) }];
}

/** A short line of an item's fields: the first few non-empty values besides its title. */
function summary(data: Record<string, unknown>, d: Describer, titleKey?: string): string {
  const parts = Object.entries(data)
    .filter(([key, value]) => key !== titleKey && value !== null && value !== "" && !(Array.isArray(value) && value.length === 0))
    .slice(0, 3)
    .map(([key, value]) => `${d.label(key)}: ${formatValue(value, d)}`);
  return clip(parts.join(" · "), MAX_TEXT * 2);
}

/** Relative time ("3 minutes ago") in the page's language. */
export function relativeTime(at: Date, now: Date, locale: string): string {
  const seconds = Math.round((at.getTime() - now.getTime()) / 1000);
  const rtf = new Intl.RelativeTimeFormat(locale, { numeric: "auto" });
  const steps: [Intl.RelativeTimeFormatUnit, number][] = [
    ["second", 60],
    ["minute", 60],
    ["hour", 24],
    ["day", 7],
    ["week", 4.35],
    ["month", 12],
  ];
  let amount = seconds;
  for (const [unit, size] of steps) {
    if (Math.abs(amount) < size) return rtf.format(Math.round(amount), unit);
    amount /= size;
  }
  return rtf.format(Math.round(amount), "year");
}
