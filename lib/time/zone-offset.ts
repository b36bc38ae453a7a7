// Offsets come from the runtime's own time-zone rules (Intl): no tz database ships with the
// app, and the browser and the server each apply the rules they already keep up to date.

export type WallFields = { year: number; month: number; day: number; hour: number; minute: number; second: number };

const formatters = new Map<string, Intl.DateTimeFormat>();

function fieldsFormatter(zone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(zone);
  if (!formatter) {
    // h23: some engines write midnight as "24" with hour12: false.
    formatter = new Intl.DateTimeFormat("en-US", { timeZone: zone, hourCycle: "h23", year: "numeric", month: "numeric", day: "numeric", hour: "numeric", minute: "numeric", second: "numeric" });
    formatters.set(zone, formatter);
  }
  return formatter;
}

/** The calendar date and clock time `zone` shows at the instant `at` (ms since the epoch). */
export function wallFieldsAt(zone: string, at: number): WallFields {
  const fields: WallFields = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0 };
  for (const part of fieldsFormatter(zone).formatToParts(at)) {
    if (part.type in fields) fields[part.type as keyof WallFields] = Number(part.value);
  }
  if (fields.hour === 24) fields.hour = 0;
  return fields;
}

/** Wall-clock fields read as if they were UTC; setUTCFullYear keeps years below 100 as written (Date.UTC maps them to 19xx). */
export function fieldsAsUtc(fields: WallFields): number {
  const date = new Date(0);
  date.setUTCFullYear(fields.year, fields.month - 1, fields.day);
  date.setUTCHours(fields.hour, fields.minute, fields.second, 0);
  return date.getTime();
}

/** Minutes `zone` is ahead of UTC at the instant `at` (negative west of Greenwich). */
export function zoneOffsetMinutes(zone: string, at: number): number {
  const wholeSecond = Math.floor(at / 1000) * 1000;
  return Math.round((fieldsAsUtc(wallFieldsAt(zone, wholeSecond)) - wholeSecond) / 60_000);
}

/** "UTC+05:45", "UTC-03:30", "UTC+00:00": fixed width, and the ASCII minus people type when searching. */
export function formatUtcOffset(minutes: number): string {
  const sign = minutes < 0 ? "-" : "+";
  const whole = Math.abs(minutes);
  const pad = (value: number) => String(value).padStart(2, "0");
  return `UTC${sign}${pad(Math.floor(whole / 60))}:${pad(whole % 60)}`;
}
