// How far away an instant is, in the unit a person would say it ("in 29 days", "3 hours ago").

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// Each unit is used while the rounded count stays below its limit: 45 days still reads as days.
const UNITS: ReadonlyArray<readonly [Intl.RelativeTimeFormatUnit, number, number]> = [
  ["minute", MINUTE, 60],
  ["hour", HOUR, 24],
  ["day", DAY, 45],
  ["month", 30.436875 * DAY, 18],
  ["year", 365.2425 * DAY, Number.POSITIVE_INFINITY],
];

/** `value` and `unit` for Intl.RelativeTimeFormat, from a difference in ms (positive = in the future). */
export function relativeParts(difference: number): { value: number; unit: Intl.RelativeTimeFormatUnit } {
  for (const [unit, size, limit] of UNITS) {
    const value = Math.round(difference / size);
    // Object.is: -0 would read "0 minutes ago".
    if (Math.abs(value) < limit) return { value: Object.is(value, -0) ? 0 : value, unit };
  }
  return { value: Math.round(difference / (365.2425 * DAY)), unit: "year" };
}
