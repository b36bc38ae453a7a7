import "server-only";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { nftAvatars } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { defineJob, type JobContext } from "@/lib/jobs/job";
import { nftConfigOf, resetNftAvatar, stillHeld } from "./avatar";

// NFT avatars' recheck_hours: every hour, each avatar whose last check is older than its guild's
// setting is asked of the chain again. Still held: its check time moves on. Transferred away (or
// its wallet unlinked, or the collection changed): the bot's avatar is reset and the holder role
// taken back. A node or platform that does not answer leaves the avatar as it is until the next run.

/** Rechecks the avatars that are due; how many were reset. */
export async function recheckNftAvatars({ db, now }: Pick<JobContext, "db" | "now">): Promise<number> {
  const settings = getEnv().crypto;
  if (!settings) return 0;
  let reset = 0;
  for (const row of await db.select().from(nftAvatars)) {
    const config = await nftConfigOf(db, row.guildId);
    if (row.checkedAt.getTime() + config.recheck_hours * 3_600_000 > now().getTime()) continue;
    let held: boolean;
    try {
      held = await stillHeld(db, settings, row, config);
    } catch {
      continue;
    }
    if (held) await db.update(nftAvatars).set({ checkedAt: now() }).where(eq(nftAvatars.guildId, row.guildId));
    else {
      try {
        if (await resetNftAvatar(db, row.guildId, "Their NFT left the wallet they linked")) reset += 1;
      } catch (error) {
        // One server's platform failing does not hold up the others; its avatar is tried again next run.
        console.warn(`[nft avatars] reset in ${row.guildId} failed:`, error instanceof Error ? error.message : error);
      }
    }
  }
  return reset;
}

export const recheckNftAvatarsJob = defineJob({
  name: "nft_avatars.recheck",
  data: z.object({}),
  queue: { policy: "exclusive", retryLimit: 0, expireInSeconds: 600 },
  schedules: [{ key: "hourly", cron: "41 * * * *", data: {} }],
  run: async (_data, context) => {
    await recheckNftAvatars(context);
  },
});
