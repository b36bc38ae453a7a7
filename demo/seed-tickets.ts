// Demo tickets for `npm start` with the built-in platform emulator: in every server the demo
// user manages with the bot in it, Ticketing is turned on with a "Support" panel (not posted:
// Post shows it in the emulator's channel), and four tickets stand in for what the gateway bot
// would report: two open (one claimed), two closed, the latest with its transcript. A server
// that holds tickets already gets nothing, so a second start adds nothing. Relative imports:
// scripts/start.ts runs it with tsx (server-only stubbed, scripts/outside-next.cjs).
import { count, eq } from "drizzle-orm";
import type { Db } from "../lib/db/open";
import { tickets, type TranscriptLine } from "../lib/db/schema";
import { createItems } from "../lib/plugins/items";
import { writePluginState } from "../lib/plugins/plugin-states";
import { ticketing } from "../lib/plugins/ticketing/definition";
import { recordClaimed, recordClosed, recordOpened } from "../lib/plugins/ticketing/tickets";
import { DEMO_USER_ID } from "../emulators/platform/credentials";
import { USER_IDS } from "../emulators/platform/data/ids";
import type { GuildRecord, World } from "../emulators/platform/model";
import { demoModeratedGuilds } from "./seed-moderation";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const TEXT_CHANNEL = 0;

/** Where the demo panel goes: a support or help text channel when the server has one, else #general, else its first text channel. */
function panelChannel(guild: GuildRecord): string | null {
  const text = guild.channels.filter((channel) => channel.type === TEXT_CHANNEL);
  return (text.find((channel) => /support|help/i.test(channel.name ?? "")) ?? text.find((channel) => channel.name === "general") ?? text[0])?.id ?? null;
}

/** Opens, claims and closes the demo tickets of a guild; returns how many it opened. */
export async function seedDemoTickets(db: Db, world: World, now = Date.now()): Promise<number> {
  let added = 0;
  for (const guild of demoModeratedGuilds(world)) {
    const [held] = await db.select({ value: count() }).from(tickets).where(eq(tickets.guildId, guild.id));
    const channelId = panelChannel(guild);
    if ((held?.value ?? 0) > 0 || !channelId) continue;
    const name = (id: string) => world.users.get(id)?.global_name ?? world.users.get(id)?.username ?? null;
    const people = [...guild.members.keys()].filter((id) => id !== DEMO_USER_ID && id !== guild.owner_id && world.users.get(id)?.bot !== true);
    if (people.length < 3) continue;
    const [first, second, third] = people as [string, string, string];
    await writePluginState(db, { guildId: guild.id, userId: DEMO_USER_ID, plugin: ticketing, next: (current) => (current.enabled ? null : { enabled: true, config: current.config }) });
    const [panel] = await createItems(db, { guildId: guild.id, pluginId: ticketing.id, collection: "panels" }, ticketing.collections.panels, { userId: DEMO_USER_ID, buffs: [] }, [
      ticketing.collections.panels.itemSchema.parse({
        title: "Support",
        channel_id: channelId,
        embeds: [{ title: "Need a hand?", description: "Press the button to open a private ticket with the team.", color: 0x5865f2 }],
        buttons: [{ text: "Open a ticket", emoji: "🎫", style: "primary" }],
        form: [{ question: "What is it about?", type: "text", required: true, choices: [] }],
      }),
    ]);
    const at = (hoursAgo: number) => new Date(now - hoursAgo * HOUR);
    const channels = Array.from({ length: 4 }, (_, index) => (BigInt(guild.id) + 900n + BigInt(index)).toString());
    const transcript: TranscriptLine[] = [
      { id: (BigInt(guild.id) + 950n).toString(), author_id: first, author_name: name(first) ?? "member", content: "My level role did not come after I reached level 10.", at: at(49).toISOString(), attachments: [] },
      { id: (BigInt(guild.id) + 951n).toString(), author_id: DEMO_USER_ID, author_name: name(DEMO_USER_ID) ?? "Ada", content: "Thanks! The reward had the wrong role; fixed, you have it now.", at: at(48.5).toISOString(), attachments: [] },
      { id: (BigInt(guild.id) + 952n).toString(), author_id: first, author_name: name(first) ?? "member", content: "Got it, thank you!", at: at(48.4).toISOString(), attachments: [] },
    ];
    const opened = [
      { channel: channels[0]!, user: first, hoursAgo: 50, answer: "A missing level role" },
      { channel: channels[1]!, user: second, hoursAgo: 26, answer: "Someone keeps sending me invites" },
      { channel: channels[2]!, user: third, hoursAgo: 5, answer: "How do I get the Coders role?" },
      { channel: channels[3]!, user: first, hoursAgo: 1, answer: "A question about the next event" },
    ];
    await db.transaction(async (tx) => {
      for (const ticket of opened) {
        await recordOpened(tx, guild.id, { channelId: ticket.channel, panelId: panel!.id, userId: ticket.user, userName: name(ticket.user), answers: [{ label: "What is it about?", value: ticket.answer }], at: at(ticket.hoursAgo) });
      }
      await recordClaimed(tx, guild.id, { channelId: channels[0]!, userId: DEMO_USER_ID, at: at(49.5) });
      await recordClosed(tx, guild.id, { channelId: channels[0]!, userId: DEMO_USER_ID, reason: "Solved", transcript, at: at(48) });
      await recordClaimed(tx, guild.id, { channelId: channels[1]!, userId: USER_IDS.chen, at: at(25) });
      await recordClosed(tx, guild.id, { channelId: channels[1]!, userId: USER_IDS.chen, reason: "Handled by moderation", transcript: [], at: at(24) });
      await recordClaimed(tx, guild.id, { channelId: channels[2]!, userId: DEMO_USER_ID, at: at(4) });
    });
    added += opened.length;
  }
  return added;
}
