// Demo permissions for `npm start` with the built-in platform emulator: in every server the demo
// user manages with the bot in it, the bot's role may manage expressions (emojis), webhooks and
// channels (the temporary channels' creator channel, the statistics counters), as Guildhall's own invite asks; the fixtures' bot has less, which the tests rely on. Relative
// imports: scripts/start.ts runs it with tsx.
import type { World } from "../emulators/platform/model";
import { USER_IDS } from "../emulators/platform/data/ids";
import { PERMISSIONS } from "../emulators/platform/permissions";
import { demoModeratedGuilds } from "./seed-moderation";

const EXPRESSIONS = PERMISSIONS.ManageGuildExpressions | PERMISSIONS.ManageWebhooks | PERMISSIONS.ManageChannels;

/** Gives the bot's role in those servers Manage Expressions, Manage Webhooks and Manage Channels. */
export function grantDemoExpressions(world: World): void {
  for (const guild of demoModeratedGuilds(world)) {
    const role = guild.roles.find((candidate) => candidate.managed && candidate.tags?.bot_id === USER_IDS.bot);
    if (role) role.permissions = (BigInt(role.permissions) | EXPRESSIONS).toString();
  }
}
