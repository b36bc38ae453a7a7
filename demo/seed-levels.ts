// Demo XP for `npm start` with the built-in platform emulator: every guild the demo user
// owns gets Levels turned on with a public leaderboard and a believable spread of XP for its
// fixture members (names and avatars as the emulator shows them), so the leaderboard and the
// Levels page have data on a fresh start. Idempotent: existing rows and a Levels config the
// owner already saved are left alone. Relative imports only: scripts/start.ts runs it with tsx.
import type { Db } from "../lib/db/open";
import { guildPlugins, memberLevels } from "../lib/db/schema";
import { DEMO_USER_ID } from "../emulators/platform/credentials";
import type { World } from "../emulators/platform/model";
import { seededRandom, seedFrom, type Random } from "../emulators/platform/synthetic";

const INSERT_BATCH = 1_000;

type LevelRow = typeof memberLevels.$inferInsert;

/** A long tail, like real servers: a few members with a lot of XP, most with a little. */
function xpFor(random: Random): number {
  return Math.floor(40 + 60_000 * Math.pow(random(), 3.2));
}

/** Member rows of one emulator guild, drawn from its fixture members. */
export function demoLevelRows(world: World, guildId: string): LevelRow[] {
  const guild = world.guilds.get(guildId);
  if (!guild) return [];
  const random = seededRandom(seedFrom(`levels:${guildId}`));
  return [...guild.members.values()].flatMap((member) => {
    const user = world.users.get(member.user_id);
    if (!user || user.bot) return [];
    const xp = xpFor(random);
    return [{ guildId, userId: user.id, xp, messages: Math.max(1, Math.round(xp / 20)), displayName: member.nick ?? user.global_name ?? user.username, username: user.username, avatar: user.avatar }];
  });
}

export async function insertLevelRows(db: Db, rows: readonly LevelRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += INSERT_BATCH) {
    await db.insert(memberLevels).values(rows.slice(start, start + INSERT_BATCH)).onConflictDoNothing();
  }
}

/** Turns Levels on with its leaderboard public, unless the guild already has a Levels row. */
export async function enablePublicLevels(db: Db, guildId: string): Promise<void> {
  await db.insert(guildPlugins).values({ guildId, pluginId: "levels", enabled: true, config: { leaderboard_public: true }, version: 1 }).onConflictDoNothing();
}

/** Seeds the guilds the demo user owns; returns how many. */
export async function seedDemoLevels(db: Db, world: World): Promise<number> {
  const owned = [...world.guilds.values()].filter((guild) => guild.owner_id === DEMO_USER_ID);
  for (const guild of owned) {
    await enablePublicLevels(db, guild.id);
    await insertLevelRows(db, demoLevelRows(world, guild.id));
  }
  return owned.length;
}
