import "server-only";
import { and, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { userGuildSettings } from "@/lib/db/schema";
import { listUserGuilds } from "@/lib/guilds/user-guilds";
import { ApiError } from "@/lib/http/api-error";
import type { Session } from "@/lib/session/session-cookie";

// A user's own preferences about guilds in the server list: not guild settings,
// so any member may set them for guilds they are in.

export const guildPreferences = z.strictObject({
  pinned: z.boolean().optional(),
  hidden: z.boolean().optional(),
  notifications: z.boolean().optional(),
});
export type GuildPreferences = z.infer<typeof guildPreferences>;

export async function updateGuildPreferences(db: Db, session: Session, changes: Record<string, GuildPreferences>) {
  const ids = Object.keys(changes);
  const member = new Set((await listUserGuilds(session)).guilds.map((guild) => guild.id));
  const foreign = ids.filter((id) => !member.has(id));
  if (foreign.length > 0) throw new ApiError(403, "guild_forbidden", `You are not a member of ${foreign.join(", ")}.`);
  await db.transaction(async (tx) => {
    for (const [guildId, settings] of Object.entries(changes)) {
      await tx
        .insert(userGuildSettings)
        .values({ userId: session.userId, guildId, settings })
        .onConflictDoUpdate({
          target: [userGuildSettings.userId, userGuildSettings.guildId],
          set: { settings: sql`${userGuildSettings.settings} || ${JSON.stringify(settings)}::jsonb`, updatedAt: new Date() },
        });
    }
  });
  const rows = ids.length
    ? await db.select().from(userGuildSettings).where(and(eq(userGuildSettings.userId, session.userId), inArray(userGuildSettings.guildId, ids)))
    : [];
  return Object.fromEntries(rows.map((row) => [row.guildId, row.settings]));
}
