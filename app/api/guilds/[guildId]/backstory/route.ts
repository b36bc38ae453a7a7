import { CustomBotError } from "@/lib/custom-bot/errors";
import { backstorySchema } from "@/lib/custom-bot/presence";
import { setBackstory } from "@/lib/custom-bot/settings";
import { readCustomBot } from "@/lib/custom-bot/store";
import { backstoryView } from "@/lib/custom-bot/view";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";

// GET /api/guilds/{id}/backstory: { enable, allowed_channels } of the server's custom bot.
export const GET = guildRoute({ params: guildIdParams }, async ({ db, access }) => {
  const row = await readCustomBot(db, access.guildId);
  if (!row) throw new CustomBotError("custom_bot_not_set_up");
  return backstoryView(row);
});

// PUT /api/guilds/{id}/backstory { enable, allowed_channels }: whether the bot chats with its backstory, and in which text channels (none: all).
export const PUT = guildRoute({ params: guildIdParams, body: backstorySchema }, async ({ db, access, body }) => backstoryView(await setBackstory(db, access, body)));
