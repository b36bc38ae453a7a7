import { fieldsAsUtc, wallFieldsAt, zoneOffsetMinutes, type WallFields } from "./zone-offset";

// What date and time inputs hold ("2026-12-24", "18:00") and the instant they name in a zone.

export type WallClock = { date: string; time: string };

const DAY = 24 * 60 * 60 * 1000;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The fields of a date input and a time input, or null when either is incomplete or not a real date. */
export function parseWallClock({ date, time }: WallClock): WallFields | null {
  const day = DATE.exec(date);
  const clock = TIME.exec(time);
  if (!day || !clock) return null;
  const fields = { year: Number(day[1]), month: Number(day[2]), day: Number(day[3]), hour: Number(clock[1]), minute: Number(clock[2]), second: Number(clock[3] ?? 0) };
  if (fields.year < 1 || fields.hour > 23 || fields.minute > 59 || fields.second > 59) return null;
  // 2026-02-30 would roll over to March: refused rather than silently moved.
  const check = new Date(fieldsAsUtc(fields));
  if (check.getUTCMonth() + 1 !== fields.month || check.getUTCDate() !== fields.day) return null;
  return fields;
}

/**
 * The instant a wall-clock time in `zone` names (ms since the epoch), or null when the input is
 * incomplete. Around DST changes it decides like Temporal's "compatible": a time the clocks skip
 * moves forward by the jump (02:30 on a spring-forward night reads 03:30), a time they repeat
 * takes its first occurrence.
 */
export function wallClockToUtc(wall: WallClock, zone: string): number | null {
  const fields = parseWallClock(wall);
  if (!fields) return null;
  const asUtc = fieldsAsUtc(fields);
  // The offsets a day either side: one transition at most lies between them.
  const before = zoneOffsetMinutes(zone, asUtc - DAY);
  const after = zoneOffsetMinutes(zone, asUtc + DAY);
  const valid = [...new Set([before, after])].map((offset) => asUtc - offset * 60_000).filter((instant) => fieldsAsUtc(wallFieldsAt(zone, instant)) === asUtc);
  if (valid.length > 0) return Math.min(...valid);
  // Skipped by the clocks: the offset before the jump puts it as far past the jump as it was into the gap.
  return asUtc - before * 60_000;
}

/** The date and time inputs' values for an instant shown in `zone` (to the minute). */
export function utcToWallClock(at: number, zone: string): WallClock {
  const fields = wallFieldsAt(zone, at);
  const pad = (value: number, width = 2) => String(value).padStart(width, "0");
  return { date: `${pad(fields.year, 4)}-${pad(fields.month)}-${pad(fields.day)}`, time: `${pad(fields.hour)}:${pad(fields.minute)}` };
}
