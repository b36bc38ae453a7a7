import "server-only";
import { z } from "zod";
import { readUpcomingBirthdays } from "@/lib/birthdays/upcoming";
import { memberNames, MAX_NAMED_LIST } from "@/lib/guilds/member-names";
import { guildIdParams } from "@/lib/platform/snowflake";
import { endpoint, type PluginEndpoint } from "../endpoint";
import { readPluginState } from "../plugin-states";
import { birthdays } from "./definition";

const upcomingQuery = z.object({
  days: z.coerce.number().int().min(1).max(366).default(30),
  limit: z.coerce.number().int().min(1).max(MAX_NAMED_LIST).default(25),
});

// Upcoming birthdays (GET upcoming?days=&limit=), soonest first in each member's own time zone;
// members who set none follow the plugin's time zone.
export function birthdaysEndpoints(): PluginEndpoint[] {
  return [
    endpoint({
      method: "GET",
      path: "/birthdays/guilds/:guildId/upcoming",
      plugin: birthdays.id,
      params: guildIdParams,
      query: upcomingQuery,
      handler: async ({ db, params, query }) => {
        const state = await readPluginState(db, params.guildId, birthdays);
        const guildZone = typeof state.config.timezone === "string" ? state.config.timezone : "UTC";
        const upcoming = await readUpcomingBirthdays(db, params.guildId, guildZone, { now: Date.now(), ...query });
        const names = await memberNames(db, params.guildId, upcoming.map((entry) => entry.userId));
        return {
          birthdays: upcoming.map((entry) => ({
            user_id: entry.userId,
            name: names.get(entry.userId)?.name ?? null,
            avatar: names.get(entry.userId)?.avatar ?? null,
            month: entry.month,
            day: entry.day,
            time_zone: entry.timeZone,
            date: entry.date,
            starts_at: new Date(entry.startsAt).toISOString(),
            days_until: entry.daysUntil,
            age: entry.age,
          })),
        };
      },
    }),
  ];
}
