import "server-only";
import { sql } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { memberLevels } from "@/lib/db/schema";

export type XpGain = { userId: string; xp: number; messages: number; displayName: string; username: string; avatar: string | null };

/** XP the bot reports for a member (POST /api/bot/v1/events): added to what they have, with their name and avatar as of now. */
export async function addXp(tx: Tx, guildId: string, gain: XpGain): Promise<void> {
  const profile = { displayName: gain.displayName, username: gain.username, avatar: gain.avatar, updatedAt: new Date() };
  await tx
    .insert(memberLevels)
    .values({ guildId, userId: gain.userId, xp: gain.xp, messages: gain.messages, ...profile })
    .onConflictDoUpdate({
      target: [memberLevels.guildId, memberLevels.userId],
      set: { xp: sql`${memberLevels.xp} + ${gain.xp}`, messages: sql`${memberLevels.messages} + ${gain.messages}`, ...profile },
    });
}
