// Demo coins for `npm start` with the built-in platform emulator: the members of every guild
// the demo user owns hold some coins, so the Economy page's richest members list has people
// in it on a fresh start. Idempotent: balances already there (given or reset since) are left
// alone. Relative imports only: scripts/start.ts runs it with tsx.
import type { Db } from "../lib/db/open";
import { economyBalances } from "../lib/db/schema";
import { DEMO_USER_ID } from "../emulators/platform/credentials";
import type { World } from "../emulators/platform/model";
import { seededRandom, seedFrom } from "../emulators/platform/synthetic";

type BalanceRow = typeof economyBalances.$inferInsert;

/** A few rich members and many with pocket money, drawn the same way on every start. */
export function demoBalanceRows(world: World, guildId: string): BalanceRow[] {
  const guild = world.guilds.get(guildId);
  if (!guild) return [];
  const random = seededRandom(seedFrom(`coins:${guildId}`));
  return [...guild.members.values()].flatMap((member) => {
    const user = world.users.get(member.user_id);
    if (!user || user.bot) return [];
    return [{ guildId, userId: user.id, coins: Math.floor(20 + 25_000 * Math.pow(random(), 4)) }];
  });
}

/** Seeds the guilds the demo user owns; returns how many. */
export async function seedDemoCoins(db: Db, world: World): Promise<number> {
  const owned = [...world.guilds.values()].filter((guild) => guild.owner_id === DEMO_USER_ID);
  for (const guild of owned) {
    const rows = demoBalanceRows(world, guild.id);
    if (rows.length > 0) await db.insert(economyBalances).values(rows).onConflictDoNothing();
  }
  return owned.length;
}
