// Why: the public leaderboard must stay fast for a 100,000-member guild (page 500 as fast as
// page 1), so the benchmark loads the leaderboard of a guild with that many ranked members.
// The rows go into the benchmark's own database before the server opens it (PGlite has one
// owner at a time); the guild only has to exist in the emulator, whose members it does not need.
import path from "node:path";
import { openDb } from "../../lib/db/open";
import { enablePublicLevels, insertLevelRows } from "../../demo/seed-levels";
import { seededRandom, seedFrom } from "../../emulators/platform/synthetic";

export const BIG_GUILD_MEMBERS = 100_000;

/** Synthetic, distinct user ids above any fixture's, in order. */
const userId = (index: number) => String(900_000_000_000_000_000n + BigInt(index));

/** Levels on, leaderboard public and `members` ranked members in `guildId`, in the database under `pgliteDir`. */
export async function seedLevelsGuild(root: string, pgliteDir: string, guildId: string, members = BIG_GUILD_MEMBERS): Promise<void> {
  const handle = await openDb({ pgliteDir: path.join(root, pgliteDir) });
  try {
    const random = seededRandom(seedFrom(`bench-levels:${guildId}`));
    const rows = Array.from({ length: members }, (_, index) => {
      const xp = Math.floor(80_000 * Math.pow(random(), 3));
      return { guildId, userId: userId(index), xp, messages: Math.round(xp / 20), displayName: `Member ${index}`, username: `member${index}`, avatar: null };
    });
    await enablePublicLevels(handle.db, guildId);
    await insertLevelRows(handle.db, rows);
  } finally {
    await handle.close();
  }
}
