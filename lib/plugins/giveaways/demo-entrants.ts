import "server-only";
import type { Db } from "../../db/client";
import { getEnv } from "../../env";
import { getGuildMember } from "../../platform/bot-api";
import { listReactionUsers } from "../../platform/messages-api";
import type { BonusEntry } from "./draw";
import { recordEntry } from "./entries";

// DEMO ONLY: a stand-in for the bot's giveaway entries, on only when `npm start` runs the
// built-in platform emulator (it sets DEMO_GIVEAWAY_ENTRANTS=1 and starts the emulator with
// crowdReactions, so some human members react right after the bot's own 🎉). Without it a
// newcomer who starts a giveaway and clicks "End now" gets "nobody could win".
//
// The real bot differs: it hears each MESSAGE_REACTION_ADD on the gateway as it happens,
// checks the member's roles then (taking the reaction back without a required role) and
// calls recordEntry; the dashboard never reads reactions. Here there is no gateway and no
// bot, so right after Start the dashboard reads once, through the platform's REST API, who
// reacted, and enters them the same way, with the roles they hold now.

export type StartedGiveaway = {
  guildId: string;
  id: string;
  channelId: string;
  messageId: string;
  emoji: string;
  required_role_ids: readonly string[];
  bonus_entries: readonly BonusEntry[];
};

/** Enters the human members who reacted with the entry emoji; answers how many entered (0 outside the demo). */
export async function enterDemoReactors(db: Db, giveaway: StartedGiveaway): Promise<number> {
  if (!getEnv().demoGiveawayEntrants) return 0;
  try {
    const reacted = await listReactionUsers(giveaway.channelId, giveaway.messageId, giveaway.emoji);
    let entered = 0;
    for (const user of reacted) {
      if (user.bot) continue;
      const member = await getGuildMember(giveaway.guildId, user.id);
      if (member && (await recordEntry(db, giveaway, { userId: user.id, roleIds: member.roles })) !== null) entered++;
    }
    return entered;
  } catch (error) {
    // The giveaway is started either way: a demo without entrants beats a failed Start.
    console.warn(`[demo] entering the members who reacted to giveaway ${giveaway.id} failed`, error);
    return 0;
  }
}
