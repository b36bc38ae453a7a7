import "server-only";
import { and, eq, gte, sql } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { guildActivity } from "@/lib/db/schema";
import { utcToWallClock } from "@/lib/time/wall-clock";

// What the bot counts per guild and hour (joins, leaves, messages), and the same counts by day
// in the guild's time zone for the Statistics charts. Hours are kept in UTC; a day is cut in
// the zone when read, so changing the server's time zone redraws the past days too.

export type ActivityKind = "joins" | "leaves" | "messages";

const HOUR_MS = 3_600_000;

/** Adds `amount` to one count of the hour `at` falls in. */
export async function countActivity(tx: Tx, guildId: string, at: Date, kind: ActivityKind, amount: number): Promise<void> {
  const hour = new Date(Math.floor(at.getTime() / HOUR_MS) * HOUR_MS);
  const column = guildActivity[kind];
  await tx
    .insert(guildActivity)
    .values({ guildId, hour, [kind]: amount })
    .onConflictDoUpdate({ target: [guildActivity.guildId, guildActivity.hour], set: { [kind]: sql`${column} + ${amount}` } });
}

export type DayActivity = { day: string; joins: number; leaves: number; messages: number };

/** The last `days` days up to `now`'s day in `zone`, oldest first: every day present, zeros where nothing was counted. */
export async function dailyActivity(db: Db, guildId: string, zone: string, now: Date, days = 30): Promise<DayActivity[]> {
  const dayList: string[] = [];
  // Noon steps back one calendar day at a time whatever the zone's offset changes do.
  const todayNoon = new Date(`${utcToWallClock(now.getTime(), zone).date}T12:00:00Z`).getTime();
  for (let back = days - 1; back >= 0; back -= 1) dayList.push(new Date(todayNoon - back * 24 * HOUR_MS).toISOString().slice(0, 10));
  const byDay = new Map(dayList.map((day) => [day, { day, joins: 0, leaves: 0, messages: 0 }]));
  // From a day and a half before the first day's UTC date: every zone's first local day starts after that.
  const from = new Date(new Date(`${dayList[0]}T00:00:00Z`).getTime() - 36 * HOUR_MS);
  const rows = await db
    .select()
    .from(guildActivity)
    .where(and(eq(guildActivity.guildId, guildId), gte(guildActivity.hour, from)));
  for (const row of rows) {
    const entry = byDay.get(utcToWallClock(row.hour.getTime(), zone).date);
    if (!entry) continue;
    entry.joins += row.joins;
    entry.leaves += row.leaves;
    entry.messages += row.messages;
  }
  return [...byDay.values()];
}
