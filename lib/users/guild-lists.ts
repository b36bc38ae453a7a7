import "server-only";
import { inArray } from "drizzle-orm";
import type { Db } from "@/lib/db/client";
import { guildSettings } from "@/lib/db/schema";
import { isPremium, isWeb3 } from "@/lib/guilds/premium";

// Spec 6: the signed-in user with the lists of guilds they manage, and of those, the premium
// and the web3 ones. Ids only (GET /api/users/@me/managed-guilds has the guilds themselves), in
// the order of the managed list; the buffs of all of them in one query.

export type AccountGuildLists = { managed_guilds: string[]; premium_guilds: string[]; web3_guilds: string[] };

export async function accountGuildLists(db: Db, managedIds: readonly string[]): Promise<AccountGuildLists> {
  const rows = managedIds.length === 0 ? [] : await db.select({ guildId: guildSettings.guildId, buffs: guildSettings.buffs }).from(guildSettings).where(inArray(guildSettings.guildId, [...managedIds]));
  const buffs = new Map(rows.map((row) => [row.guildId, row.buffs]));
  const having = (test: (buffs: readonly string[]) => boolean) => managedIds.filter((id) => test(buffs.get(id) ?? []));
  return { managed_guilds: [...managedIds], premium_guilds: having(isPremium), web3_guilds: having(isWeb3) };
}
