import type { ChannelRecord, GuildRecord } from "./model";
import type { MessageRecord, ReactionRecord } from "./messages";
import { PERMISSIONS } from "./permissions";
import type { PlatformState } from "./state";
import { sample, seededRandom, seedFrom } from "./synthetic";

// npm start's demo has a bot token but no bot and no people: with `crowdReactions` on, some
// of a guild's human members join in when the bot puts the first reaction with an emoji on
// its own message, as members do on a giveaway. Off by default (tests react by hand through
// the state). Which members is seeded by the message and emoji, so a message always gets the
// same crowd, whatever their roles: deciding who may enter is the reader's business.

/** About this share of the members who can see the channel react… */
export const CROWD_SHARE = 0.6;
/** …but no more than this many, so a guild of thousands reads like a busy channel, not a stampede. */
export const MAX_CROWD = 40;

const canReact = (permissions: bigint | null) =>
  permissions !== null && [PERMISSIONS.ViewChannel, PERMISSIONS.ReadMessageHistory].every((bit) => (permissions & bit) === bit);

/** Adds the crowd's reactions after the bot's (their ids after the bot's, in crowd order). */
export function crowdJoins(state: PlatformState, guild: GuildRecord, channel: ChannelRecord, message: MessageRecord, reaction: ReactionRecord): void {
  const humans = [...guild.members.keys()].filter(
    (userId) => !reaction.userIds.includes(userId) && !state.user(userId)?.bot && canReact(state.channelPermissions(guild, channel, userId)),
  );
  const size = Math.min(MAX_CROWD, Math.ceil(humans.length * CROWD_SHARE));
  reaction.userIds.push(...sample(seededRandom(seedFrom(`${message.id}:${reaction.key}`)), humans, size));
}
