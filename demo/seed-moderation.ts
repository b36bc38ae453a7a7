// Demo moderation for `npm start` with the built-in platform emulator: in every server the
// demo user manages with the bot in it, the bot's role may ban, kick and time out (as
// Guildhall's own invite asks; the fixtures' bot has less, which the tests rely on), and a
// believable case history is recorded: a dozen cases of every kind (13), made from the dashboard,
// by the bot after a third warning and by a moderator in Discord's own client, one pardoned.
// Every case goes through recordCase with a key of its own, so a second start adds nothing.
// The story ends where the emulator starts (no one banned or timed out now). Relative
// imports: scripts/start.ts runs it with tsx (server-only stubbed, scripts/outside-next.cjs).
import type { Db } from "../lib/db/open";
import { recordCase, updateCase, type NewCase } from "../lib/moderation/cases";
import { DEMO_USER_ID } from "../emulators/platform/credentials";
import { USER_IDS } from "../emulators/platform/data/ids";
import type { GuildRecord, World } from "../emulators/platform/model";
import { PERMISSIONS } from "../emulators/platform/permissions";

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

const MODERATION = PERMISSIONS.BanMembers | PERMISSIONS.KickMembers | PERMISSIONS.ModerateMembers;

function permissionsOf(guild: GuildRecord, userId: string): bigint {
  const member = guild.members.get(userId);
  if (!member) return 0n;
  const held = new Set([guild.id, ...member.roles]);
  return guild.roles.filter((role) => held.has(role.id)).reduce((all, role) => all | BigInt(role.permissions), 0n);
}

/** The servers the demo user may manage (owner, Administrator or Manage Server) with the bot in them. */
export function demoModeratedGuilds(world: World): GuildRecord[] {
  return [...world.guilds.values()].filter((guild) => {
    if (!guild.members.has(USER_IDS.bot)) return false;
    const permissions = permissionsOf(guild, DEMO_USER_ID);
    return guild.owner_id === DEMO_USER_ID || (permissions & (PERMISSIONS.Administrator | PERMISSIONS.ManageGuild)) !== 0n;
  });
}

/** Gives the bot's role in those servers Ban, Kick and Timeout Members. */
export function grantDemoModeration(world: World): void {
  for (const guild of demoModeratedGuilds(world)) {
    const role = guild.roles.find((candidate) => candidate.managed && candidate.tags?.bot_id === USER_IDS.bot);
    if (role) role.permissions = (BigInt(role.permissions) | MODERATION).toString();
  }
}

type Step = Omit<NewCase, "guildId" | "source" | "idempotencyKey" | "at"> & { daysAgo: number; pardon?: boolean };

/** A server's demo cases, oldest first; none when it has too few members to tell the story. */
export function demoCases(world: World, guild: GuildRecord): Step[] {
  const name = (id: string) => {
    const user = world.users.get(id);
    return user ? user.global_name || user.username : null;
  };
  const human = (id: string) => id !== DEMO_USER_ID && world.users.get(id)?.bot !== true;
  // Who acts in Discord's own client: someone other than the demo user who may moderate there.
  const moderatorId = [...guild.members.keys()].find((id) => human(id) && (permissionsOf(guild, id) & (PERMISSIONS.Administrator | MODERATION)) !== 0n) ?? guild.owner_id;
  // Members the story is about: people, not the owner nor that moderator; in fixture order.
  const people = [...guild.members.keys()].filter((id) => human(id) && id !== guild.owner_id && id !== moderatorId);
  if (people.length < 6) return [];
  const [spammer, chatty, raider, scammer, flooder, newcomer] = people as [string, string, string, string, string, string];
  const member = (id: string) => ({ targetId: id, targetName: name(id) });
  const ada = { kind: "dashboard" as const, id: DEMO_USER_ID };
  const discord = { kind: "platform" as const, id: moderatorId, name: name(moderatorId) };
  const bot = { kind: "bot" as const, id: USER_IDS.bot };
  return [
    { daysAgo: 21, type: "warn", ...member(spammer), moderator: ada, reason: "Invite links to another server in #general" },
    { daysAgo: 19, type: "warn", ...member(chatty), moderator: discord, reason: "Off-topic memes in #help after two reminders" },
    { daysAgo: 18, type: "note", ...member(spammer), moderator: ada, reason: "Talked it through in DMs: promotions go in #showcase from now on." },
    { daysAgo: 14, type: "warn", ...member(spammer), moderator: ada, reason: "Another invite link, in #off-topic this time" },
    { daysAgo: 12, type: "kick", ...member(raider), moderator: discord, reason: "Joined with a raid group; pinging everyone" },
    { daysAgo: 10, type: "warn", ...member(spammer), moderator: ada, reason: "Third invite link in a week" },
    { daysAgo: 10, type: "timeout", ...member(spammer), moderator: bot, reason: "3 warnings: timed out automatically", durationSeconds: 3600 },
    { daysAgo: 8, type: "ban", ...member(scammer), moderator: ada, reason: "Scam links in DMs to members" },
    { daysAgo: 5, type: "unban", ...member(scammer), moderator: ada, reason: "Appeal accepted: the account had been hijacked and is secured now" },
    { daysAgo: 4, type: "softban", ...member(flooder), moderator: ada, reason: "Flooded #general with copy-pasted text; messages cleared" },
    { daysAgo: 2, type: "timeout", ...member(chatty), moderator: discord, reason: "Heated argument in #voice-chat", durationSeconds: 3600 },
    { daysAgo: 2, type: "timeout_removed", ...member(chatty), moderator: ada, reason: "Calmed down and apologised in DMs" },
    { daysAgo: 1, type: "warn", ...member(newcomer), moderator: ada, reason: "Image without a spoiler tag in #general", pardon: true },
  ];
}

/** Records the demo cases the database does not hold yet; returns how many it added. */
export async function seedDemoCases(db: Db, world: World, now = Date.now()): Promise<number> {
  let added = 0;
  for (const guild of demoModeratedGuilds(world)) {
    const numbers = new Map<number, number>();
    for (const [index, { daysAgo, pardon, ...step }] of demoCases(world, guild).entries()) {
      const at = new Date(now - daysAgo * DAY + index * MINUTE);
      // The bot's timeout follows the warning just before it.
      const related = step.moderator.kind === "bot" ? numbers.get(index - 1) : undefined;
      const input: NewCase = {
        ...step,
        guildId: guild.id,
        source: step.moderator.kind,
        idempotencyKey: `demo:${index + 1}`,
        at,
        ...(related !== undefined && { relatedCaseNumber: related }),
        ...(step.durationSeconds && { expiresAt: new Date(at.getTime() + step.durationSeconds * 1000) }),
      };
      const made = await db.transaction((tx) => recordCase(tx, input, step.moderator.kind === "platform" ? (step.moderator.id ?? DEMO_USER_ID) : DEMO_USER_ID));
      numbers.set(index, made.case.number);
      if (!made.created) continue;
      added++;
      if (pardon) await updateCase(db, guild.id, made.case.number, { pardoned: true }, DEMO_USER_ID);
    }
  }
  return added;
}
