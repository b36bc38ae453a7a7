// Demo birthdays for the platform emulator's guilds, so the Birthdays page lists upcoming ones
// on a fresh `npm start`. The bot fills member_birthdays in production; here every human member
// the emulator places by hand gets a birthday a few days to a few weeks from the first start.
// Idempotent: rows already there (from an earlier start, or changed since) are left alone.
import { GUILDS } from "../emulators/platform/data/guilds";
import { USERS } from "../emulators/platform/data/users";
import type { Db } from "../lib/db/open";
import { memberBirthdays } from "../lib/db/schema";

const DAY = 24 * 60 * 60 * 1000;
// Spread over the default 30-day window, with one later than it and a mix of zones and known years.
const DAYS_AHEAD = [0, 3, 9, 16, 24, 41] as const;
const ZONES = [null, "Europe/Paris", "America/New_York", "Asia/Tokyo", "Australia/Sydney", null] as const;
const YEARS = [1995, null, 1988, null, 2001, 1979] as const;

const bots = new Set(USERS.filter((user) => user.bot).map((user) => user.id));

export type DemoBirthday = typeof memberBirthdays.$inferInsert;

/** The demo rows for a start at `now`: each guild's hand-placed human members, in fixture order. */
export function demoBirthdays(now: number): DemoBirthday[] {
  return GUILDS.flatMap((guild) =>
    guild.members
      .filter((member) => !bots.has(member.user))
      .map((member, index) => {
        const slot = index % DAYS_AHEAD.length;
        const day = new Date(now + DAYS_AHEAD[slot]! * DAY);
        return { guildId: guild.id, userId: member.user, month: day.getUTCMonth() + 1, day: day.getUTCDate(), year: YEARS[slot]!, timeZone: ZONES[slot]! };
      }),
  );
}

/** Writes the demo birthdays the database does not hold yet; returns how many it added. */
export async function seedDemoBirthdays(db: Db, now = Date.now()): Promise<number> {
  const added = await db.insert(memberBirthdays).values(demoBirthdays(now)).onConflictDoNothing().returning({ userId: memberBirthdays.userId });
  return added.length;
}
