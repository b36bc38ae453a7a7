// A demo automation for `npm start` with the built-in platform emulator: in every server the
// demo user manages with the bot in it, Automations is turned on with "Welcome newcomers" (a
// member joins → a welcome in #general, or the first text channel, and a DM), ready to open
// and "Try it". A server holding automations already gets nothing, so a second start adds
// nothing. Relative imports: scripts/start.ts runs it with tsx (server-only stubbed).
import { and, count, eq } from "drizzle-orm";
import type { Db } from "../lib/db/open";
import { pluginItems } from "../lib/db/schema";
import { automations } from "../lib/plugins/automations/definition";
import { createItems } from "../lib/plugins/items";
import { writePluginState } from "../lib/plugins/plugin-states";
import { DEMO_USER_ID } from "../emulators/platform/credentials";
import type { World } from "../emulators/platform/model";
import { demoModeratedGuilds } from "./seed-moderation";

const TEXT_CHANNEL = 0;

/** Adds the demo automation where there is none; returns in how many servers. */
export async function seedDemoAutomations(db: Db, world: World): Promise<number> {
  let added = 0;
  for (const guild of demoModeratedGuilds(world)) {
    const scope = { guildId: guild.id, pluginId: automations.id, collection: "automations" };
    const [held] = await db.select({ value: count() }).from(pluginItems).where(and(eq(pluginItems.guildId, guild.id), eq(pluginItems.pluginId, automations.id)));
    const text = guild.channels.filter((channel) => channel.type === TEXT_CHANNEL);
    const channelId = (text.find((channel) => channel.name === "general") ?? text[0])?.id;
    if ((held?.value ?? 0) > 0 || !channelId) continue;
    await writePluginState(db, { guildId: guild.id, userId: DEMO_USER_ID, plugin: automations, next: (current) => (current.enabled ? null : { enabled: true, config: current.config }) });
    await createItems(db, scope, automations.collections.automations, { userId: DEMO_USER_ID, buffs: [] }, [
      automations.collections.automations.itemSchema.parse({
        name: "Welcome newcomers",
        trigger: { type: "member_join" },
        conditions: [{ type: "account_age", days: 1 }],
        actions: [
          { type: "send_message", channel_id: channelId, content: "Welcome to {server.name}, {user.mention}! Say hello 👋" },
          { type: "send_dm", content: "Glad you're here, {user.name}. Read the rules, then come say hi!" },
        ],
      }),
    ]);
    added += 1;
  }
  return added;
}
