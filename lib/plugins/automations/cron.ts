// Schedules as cron lines: daily and weekly schedules are written as one, and a cron line an
// owner types is checked here, field by field, without a parser library (this runs in the
// browser too). The runner (schedule.ts) asks whether a minute of the automation's zone matches.

const FIELDS: ReadonlyArray<readonly [number, number]> = [
  [0, 59], // minute
  [0, 23], // hour
  [1, 31], // day of month
  [1, 12], // month
  [0, 7], // day of week (0 and 7 are Sunday)
];

const PART = /^(\*|(\d{1,2})(?:-(\d{1,2}))?)(?:\/(\d{1,2}))?$/;

/** The values a field allows, or null when it does not read. */
function fieldValues(text: string, [min, max]: readonly [number, number]): Set<number> | null {
  const values = new Set<number>();
  for (const part of text.split(",")) {
    const match = PART.exec(part);
    if (!match) return null;
    const [, , from, to, stepText] = match;
    const step = stepText === undefined ? 1 : Number(stepText);
    const low = from === undefined ? min : Number(from);
    // "5/15" runs from 5 to the end of the range, as cron reads it.
    const high = from === undefined || (to === undefined && stepText !== undefined) ? max : to === undefined ? low : Number(to);
    if (step < 1 || step > max || low < min || high > max || low > high) return null;
    for (let value = low; value <= high; value += step) values.add(value);
  }
  return values;
}

function fieldOk(text: string, range: readonly [number, number]): boolean {
  return fieldValues(text, range) !== null;
}

/** A minute on the wall clock of the schedule's zone. */
export type WallMinute = { minute: number; hour: number; day: number; month: number; weekday: number };

/**
 * Whether the cron line runs at this minute. Day of month and weekday, when both are
 * restricted, run on either (cron's rule); Sunday is 0 or 7.
 */
export function cronMatches(line: string, at: WallMinute): boolean {
  const fields = line.trim().split(/\s+/);
  if (fields.length !== 5) return false;
  const sets = fields.map((field, index) => fieldValues(field, FIELDS[index]!));
  if (sets.some((set) => set === null)) return false;
  const [minutes, hours, days, months, weekdays] = sets as Set<number>[];
  if (!minutes!.has(at.minute) || !hours!.has(at.hour) || !months!.has(at.month)) return false;
  const dayOk = days!.has(at.day);
  const weekdayOk = weekdays!.has(at.weekday) || (at.weekday === 0 && weekdays!.has(7));
  const dayRestricted = fields[2] !== "*";
  const weekdayRestricted = fields[4] !== "*";
  if (dayRestricted && weekdayRestricted) return dayOk || weekdayOk;
  return dayOk && weekdayOk;
}

/** A 5-field cron line (minute hour day month weekday) of numbers, ranges, lists and steps. */
export function isCronLine(line: string): boolean {
  const fields = line.trim().split(/\s+/);
  return fields.length === 5 && fields.every((field, index) => fieldOk(field, FIELDS[index]!));
}

/** "HH:MM" on a 24-hour clock. */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** The cron line a schedule runs on: its own, or the one its daily or weekly time makes. */
export function scheduleCron(schedule: { schedule: string; time: string; weekday: number; cron: string }): string {
  if (schedule.schedule === "cron") return schedule.cron.trim();
  const [hour, minute] = schedule.time.split(":").map(Number);
  return `${minute} ${hour} * * ${schedule.schedule === "weekly" ? schedule.weekday : "*"}`;
}
