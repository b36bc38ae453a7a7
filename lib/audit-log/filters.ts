import { z } from "zod";
import { snowflake } from "@/lib/plugins/fields";
import { PLUGIN_IDS, type PluginId } from "@/lib/plugins/index";
import { parseWallClock, wallClockToUtc } from "@/lib/time/wall-clock";
import { customIssue, issue } from "@/lib/validation/issues";
import { inputText } from "@/lib/validation/text";

// What the audit log can be narrowed to: one plugin, one person (who made the change), a range
// of days. The API parses them strictly (a bad value is a 400); the page drops a bad value and
// keeps the rest, so an edited link still opens the log.

export type AuditFilters = {
  plugin?: PluginId;
  /** The user who made the change. */
  user?: string;
  /** First and last day, inclusive (YYYY-MM-DD), in the guild's time zone. */
  from?: string;
  to?: string;
};

// A real day of a four-digit year; the last year has no day after it to end a range at.
const day = inputText().refine((value) => parseWallClock({ date: value, time: "00:00" }) !== null && value < "9999", issue("invalid_date"));

const FIELDS = {
  plugin: z.enum(PLUGIN_IDS),
  user: snowflake,
  from: day,
  to: day,
};

const FILTER_KEYS = Object.keys(FIELDS) as Array<keyof AuditFilters>;

const reversed = (filters: AuditFilters) => filters.from !== undefined && filters.to !== undefined && filters.from > filters.to;

/** The filters of the API's query, each optional; a range that ends before it starts is refused. */
export const auditFiltersQuery = z
  .object({ plugin: FIELDS.plugin.optional(), user: FIELDS.user.optional(), from: FIELDS.from.optional(), to: FIELDS.to.optional() })
  .superRefine((filters, ctx) => {
    if (reversed(filters)) ctx.addIssue(customIssue("date_range_reversed", {}, ["to"]));
  });

type RawQuery = Record<string, string | string[] | undefined>;

const BEFORE = /^\d{1,15}$/;

/**
 * The page's reading of its address: the filters and the page (`before`) that parse, and the
 * address to send the browser to when it holds more than that (a bad value, or the empty
 * fields a submitted form sends), so the address always says what the page shows.
 */
export function readAuditLogQuery(query: RawQuery): { filters: AuditFilters; before?: string; cleaned: string | null } {
  const filters = readAuditFilters(query);
  const before = typeof query.before === "string" && BEFORE.test(query.before) ? query.before : undefined;
  const canonical = auditLogQuery(filters, before);
  const kept = new URLSearchParams(canonical);
  const clean = [...FILTER_KEYS, "before"].every((key) => query[key] === (kept.get(key) ?? undefined));
  return { filters, ...(before && { before }), cleaned: clean ? null : canonical };
}

/** Each value that does not parse is left out, as is a range that ends before it starts. */
function readAuditFilters(query: RawQuery): AuditFilters {
  const filters: AuditFilters = {};
  for (const key of FILTER_KEYS) {
    const parsed = FIELDS[key].safeParse(query[key]);
    if (parsed.success) Object.assign(filters, { [key]: parsed.data });
  }
  if (reversed(filters)) {
    delete filters.from;
    delete filters.to;
  }
  return filters;
}

export function hasFilters(filters: AuditFilters): boolean {
  return FILTER_KEYS.some((key) => filters[key] !== undefined);
}

/** The query string of a filtered view (and its page), in one order, so links and the address agree. */
export function auditLogQuery(filters: AuditFilters, before?: string): string {
  const query = new URLSearchParams();
  for (const key of FILTER_KEYS) if (filters[key] !== undefined) query.set(key, filters[key]);
  if (before) query.set("before", before);
  const text = query.toString();
  return text ? `?${text}` : "";
}

/** The instants the days cover in `zone`: from the first day's midnight to the midnight after the last. */
export function dayRange(filters: AuditFilters, zone: string): { start?: Date; end?: Date } {
  const midnight = (date: string) => new Date(wallClockToUtc({ date, time: "00:00" }, zone)!);
  return {
    ...(filters.from && { start: midnight(filters.from) }),
    ...(filters.to && { end: midnight(nextDay(filters.to)) }),
  };
}

function nextDay(date: string): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
