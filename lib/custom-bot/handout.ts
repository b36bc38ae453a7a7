import "server-only";
import { auditTarget, recordAudit } from "@/lib/audit/record";
import type { BotKey } from "@/lib/bot-contract/keys";
import type { BotCustomBot } from "@/lib/bot-contract/schemas";
import type { Db } from "@/lib/db/client";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { ApiError } from "@/lib/http/api-error";
import { CustomBotError } from "./errors";
import { includesCustomBot } from "./gate";
import { storedToken } from "./sealing";
import { readCustomBot } from "./store";
import { backstoryView } from "./view";

// The one way a custom bot's token leaves the database: to a bot key with the custom_bot_tokens
// scope (the gateway that runs custom bots), only while the bot is active and included, each
// hand-out audited in the guild's log with the key's id and name.

export async function handOutCustomBot(db: Db, guildId: string, key: BotKey): Promise<BotCustomBot> {
  if (!key.scopes.includes("custom_bot_tokens")) {
    throw new ApiError(403, "bot_scope_missing", "This bot key may not read custom bots' tokens: create one with `npm run bot-key -- create <name> --scope custom_bot_tokens`.");
  }
  return db.transaction(async (tx) => {
    const row = await readCustomBot(tx, guildId);
    if (!row) throw new CustomBotError("custom_bot_not_set_up");
    // Read now, not when the buffs were last recomputed: a subscription past its end gives no token.
    const included = includesCustomBot((await readGuildSettings(tx as unknown as Db, guildId)).buffs);
    const token = row.status === "active" && included ? storedToken(row) : null;
    if (token) {
      await recordAudit(tx, { guildId, userId: `bot-key:${key.id}`, action: "custom_bot.token_handout", target: auditTarget.customBot(), before: null, after: { bot_key_id: key.id, bot_key_name: key.name, bot_user_id: row.botUserId } });
    }
    return {
      guild_id: guildId,
      bot_user_id: row.botUserId,
      application_id: row.applicationId,
      name: row.name,
      avatar: row.avatar,
      status: row.status as BotCustomBot["status"],
      included,
      presence: {
        presence_status: row.presenceStatus as BotCustomBot["presence"]["presence_status"],
        presence_activity_type: row.presenceActivityType as BotCustomBot["presence"]["presence_activity_type"],
        presence_activity_name: row.presenceActivityName,
        presence_activity_url: row.presenceActivityUrl,
      },
      backstory: backstoryView(row),
      token,
    };
  });
}
