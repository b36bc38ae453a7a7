// `<t:unix:style>` as the platform shows it, in the viewer's language and zone. Pure: the
// language, zone and "now" are arguments, so the server and the browser write the same text.

import type { TimestampStyle } from "@/lib/templates/markdown/ast";

type Where = { locale: string; timeZone: string };

const DATE_TIME: Readonly<Record<Exclude<TimestampStyle, "R">, Intl.DateTimeFormatOptions>> = {
  t: { timeStyle: "short" },
  T: { timeStyle: "medium" },
  // The platform writes short dates with every digit: 04/20/2021, 20/04/2021.
  d: { day: "2-digit", month: "2-digit", year: "numeric" },
  D: { dateStyle: "long" },
  f: { dateStyle: "long", timeStyle: "short" },
  F: { dateStyle: "full", timeStyle: "short" },
};

const UNITS: readonly (readonly [Intl.RelativeTimeFormatUnit, number])[] = [
  ["year", 365 * 86400],
  ["month", 30 * 86400],
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

function relative(seconds: number, locale: string): string {
  const [unit, size] = UNITS.find(([, size]) => Math.abs(seconds) >= size) ?? ["second", 1];
  return new Intl.RelativeTimeFormat(locale, { numeric: "auto" }).format(Math.trunc(seconds / size), unit);
}

/**
 * The text of a timestamp: `R` counts from `now` ("in 3 days", "2 hours ago"); without a
 * `now` (the server, before the browser's clock is known) it reads as style `f`.
 */
export function formatTimestamp(unix: number, style: TimestampStyle, where: Where, now?: number): string {
  if (style === "R" && now !== undefined) return relative(unix - now / 1000, where.locale);
  const options = DATE_TIME[style === "R" ? "f" : style];
  return new Intl.DateTimeFormat(where.locale, { ...options, timeZone: where.timeZone }).format(unix * 1000);
}

/** The full date and time, for the tooltip (the platform's hover text). */
export function fullTimestamp(unix: number, where: Where): string {
  return formatTimestamp(unix, "F", where);
}
