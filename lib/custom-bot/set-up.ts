import "server-only";
import type { Db } from "@/lib/db/client";
import type { GuildAccess } from "@/lib/guilds/access";
import { CustomBotError } from "./errors";
import { assertIncluded } from "./gate";
import { assertTokensCanBeStored, sealedColumns } from "./sealing";
import { lockCustomBot, writeCustomBot, type CustomBotRow } from "./store";
import { checkBotToken } from "./token-check";

// enable-custom-bot sets up whichever bot the token is (a new one replaces the old, keeping the
// server's presence and backstory); update-custom-bot takes a new token of the same application
// (one reset on the Developer Portal, or after a block) and turns the bot back on. Both check the
// token with the platform first, outside the transaction, and store it only sealed.

export async function enableCustomBot(db: Db, access: GuildAccess, token: string): Promise<CustomBotRow> {
  return setToken(db, access, token, "custom_bot.enable");
}

export async function updateCustomBotToken(db: Db, access: GuildAccess, token: string): Promise<CustomBotRow> {
  return setToken(db, access, token, "custom_bot.update");
}

async function setToken(db: Db, access: GuildAccess, token: string, action: "custom_bot.enable" | "custom_bot.update"): Promise<CustomBotRow> {
  assertIncluded(access.buffs);
  assertTokensCanBeStored();
  const identity = await checkBotToken(token);
  return db.transaction(async (tx) => {
    const before = await lockCustomBot(tx, access.guildId);
    if (action === "custom_bot.update") {
      if (!before) throw new CustomBotError("custom_bot_not_set_up");
      if (before.applicationId !== identity.applicationId) throw new CustomBotError("custom_bot_wrong_application");
    }
    const now = new Date();
    return writeCustomBot(tx, {
      guildId: access.guildId,
      userId: access.userId,
      action,
      before,
      values: {
        ...identity,
        status: "active",
        statusReason: null,
        statusChangedAt: now,
        blockAcknowledgedAt: null,
        lastError: null,
        lastErrorAt: null,
        ...sealedColumns(access.guildId, token),
      },
    });
  });
}
