import "server-only";
import type { Db } from "@/lib/db/client";
import type { GuildAccess } from "@/lib/guilds/access";
import { checkReferences } from "@/lib/plugins/rules";
import { CustomBotError } from "./errors";
import { assertIncluded } from "./gate";
import { backstorySchema, type Backstory, type Presence } from "./presence";
import { lockCustomBot, writeCustomBot, type CustomBotChange, type CustomBotRow } from "./store";

// The custom bot's status and backstory (spec 3): stored with the bot, which the gateway bot reads
// with its token; the platform has no REST call for a bot's presence, so nothing is sent there now.

export async function setPresence(db: Db, access: GuildAccess, presence: Presence): Promise<CustomBotRow> {
  return change(db, access, "custom_bot.status", {
    presenceStatus: presence.presence_status,
    presenceActivityType: presence.presence_activity_type,
    presenceActivityName: presence.presence_activity_name,
    presenceActivityUrl: presence.presence_activity_url,
  });
}

export async function setBackstory(db: Db, access: GuildAccess, backstory: Backstory): Promise<CustomBotRow> {
  // The channels must be text channels of this guild, like every channel a setting names.
  await checkReferences(db, access.guildId, { schema: backstorySchema }, backstory);
  return change(db, access, "custom_bot.backstory", { backstoryEnabled: backstory.enable, backstoryChannelIds: backstory.allowed_channels });
}

async function change(db: Db, access: GuildAccess, action: "custom_bot.status" | "custom_bot.backstory", values: CustomBotChange): Promise<CustomBotRow> {
  assertIncluded(access.buffs);
  return db.transaction(async (tx) => {
    const before = await lockCustomBot(tx, access.guildId);
    if (!before) throw new CustomBotError("custom_bot_not_set_up");
    return writeCustomBot(tx, { guildId: access.guildId, userId: access.userId, action, before, values });
  });
}
