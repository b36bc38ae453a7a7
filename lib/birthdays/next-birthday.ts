import { wallClockToUtc } from "@/lib/time/wall-clock";
import { wallFieldsAt } from "@/lib/time/zone-offset";

// When a member's birthday next comes round, in the member's own time zone: "today" is the
// date their zone shows now, and the day starts at their local midnight. Someone born on
// 29 February celebrates on 28 February in years without one (the common rule, and the day
// that still belongs to February). Client-safe: no I/O.

const DAY = 24 * 60 * 60 * 1000;

export type NextBirthday = {
  /** The local date celebrated, YYYY-MM-DD. */
  date: string;
  /** The instant that date starts in the member's zone (ms since the epoch). */
  startsAt: number;
  /** Whole days from the member's today: 0 when it is their birthday now. */
  daysUntil: number;
  /** Age reached that day, when the birth year is known. */
  age: number | null;
};

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

/** The day of `month` celebrated in `year` (29 February moves to the 28th outside leap years). */
export function celebratedDay(year: number, month: number, day: number): number {
  return month === 2 && day === 29 && !isLeapYear(year) ? 28 : day;
}

const pad = (value: number, width = 2) => String(value).padStart(width, "0");

export function nextBirthday(birth: { month: number; day: number; year: number | null }, zone: string, now: number): NextBirthday {
  const today = wallFieldsAt(zone, now);
  let year = today.year;
  const passed = (candidate: number) => birth.month < today.month || (birth.month === today.month && celebratedDay(candidate, birth.month, birth.day) < today.day);
  if (passed(year)) year += 1;
  const day = celebratedDay(year, birth.month, birth.day);
  const date = `${pad(year, 4)}-${pad(birth.month)}-${pad(day)}`;
  const daysUntil = Math.round((Date.UTC(year, birth.month - 1, day) - Date.UTC(today.year, today.month - 1, today.day)) / DAY);
  return { date, startsAt: wallClockToUtc({ date, time: "00:00" }, zone) ?? Date.UTC(year, birth.month - 1, day), daysUntil, age: birth.year === null ? null : year - birth.year };
}

/**
 * The (month, day) ranges a window of `days` days from `now` can touch in any zone: UTC's dates
 * widened by a day each side (zones run from UTC−12 to UTC+14), plus 29 February whenever the
 * 28th is in range. Two ranges when the window crosses the new year; null when it spans the year.
 */
export function calendarWindow(now: number, days: number): { ranges: Array<[from: [number, number], to: [number, number]]>; leapDay: boolean } | null {
  if (days + 2 >= 365) return null;
  const start = new Date(now - DAY);
  const end = new Date(now + (days + 1) * DAY);
  const from: [number, number] = [start.getUTCMonth() + 1, start.getUTCDate()];
  const to: [number, number] = [end.getUTCMonth() + 1, end.getUTCDate()];
  const after = (a: [number, number], b: [number, number]) => a[0] > b[0] || (a[0] === b[0] && a[1] > b[1]);
  const wraps = after(from, to);
  const ranges: Array<[[number, number], [number, number]]> = wraps ? [[from, [12, 31]], [[1, 1], to]] : [[from, to]];
  const feb28: [number, number] = [2, 28];
  const leapDay = ranges.some(([low, high]) => !after(low, feb28) && !after(feb28, high));
  return { ranges, leapDay };
}
