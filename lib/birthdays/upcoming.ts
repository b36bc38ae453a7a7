import "server-only";
import { and, eq, or, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { memberBirthdays } from "@/lib/db/schema";
import { isKnownTimeZone } from "@/lib/time/known-zone";
import { calendarWindow, nextBirthday, type NextBirthday } from "./next-birthday";

// Birthdays coming within `days` of each member's own today. The rows whose (month, day) can
// fall in the window are one range read of the calendar index (member_birthdays_calendar_idx);
// which of them really come within the window, and their order, is decided per member zone.

export type Upcoming = NextBirthday & { userId: string; month: number; day: number; timeZone: string };

const onOrAfter = ([month, day]: [number, number]) => sql`(${memberBirthdays.month}, ${memberBirthdays.day}) >= (${month}, ${day})`;
const onOrBefore = ([month, day]: [number, number]) => sql`(${memberBirthdays.month}, ${memberBirthdays.day}) <= (${month}, ${day})`;

/** Soonest first (by the instant each member's day starts), ties by user id; members without a zone use `guildZone`. */
export async function readUpcomingBirthdays(db: Db | Tx, guildId: string, guildZone: string, options: { now: number; days: number; limit: number }): Promise<Upcoming[]> {
  const window = calendarWindow(options.now, options.days);
  const inWindow: SQL | undefined = window
    ? or(...window.ranges.map(([from, to]) => and(onOrAfter(from), onOrBefore(to))), ...(window.leapDay ? [and(eq(memberBirthdays.month, 2), eq(memberBirthdays.day, 29))] : []))
    : undefined;
  const rows = await db.select().from(memberBirthdays).where(and(eq(memberBirthdays.guildId, guildId), inWindow));
  return rows
    .map((row) => {
      // A zone the runtime no longer knows falls back to the guild's rather than failing the list.
      const timeZone = row.timeZone && isKnownTimeZone(row.timeZone) ? row.timeZone : guildZone;
      return { userId: row.userId, month: row.month, day: row.day, timeZone, ...nextBirthday(row, timeZone, options.now) };
    })
    .filter((entry) => entry.daysUntil <= options.days)
    .sort((a, b) => a.startsAt - b.startsAt || a.userId.localeCompare(b.userId))
    .slice(0, options.limit);
}
