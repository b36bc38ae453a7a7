import "server-only";
import { eq } from "drizzle-orm";
import type { Db, Tx } from "@/lib/db/client";
import { customBots } from "@/lib/db/schema";
import { expireGuildPages } from "@/lib/guilds/page-cache";
import { notifyGuildManagers } from "@/lib/notifications/notify";
import { CustomBotError, type CustomBotErrorCode } from "./errors";
import { includesCustomBot } from "./gate";
import { lockCustomBot, writeCustomBot, type CustomBotRow } from "./store";

// Turning the custom bot off, for each reason it goes off: the owner's button, the platform
// refusing its token (blocked, with a banner until the owner acknowledges it), the subscription
// that included it ending. The row and its token stay: only a new token (update-custom-bot or
// enable-custom-bot) turns it on again.

export type StatusReason = "owner" | "subscription_ended" | "token_refused";

/** disable-custom-bot: off until set up again; disabling a bot already off changes nothing. */
export async function disableCustomBot(db: Db, guildId: string, userId: string): Promise<CustomBotRow> {
  return db.transaction(async (tx) => {
    const before = await lockCustomBot(tx, guildId);
    if (!before) throw new CustomBotError("custom_bot_not_set_up");
    if (before.status !== "active") return before;
    return writeCustomBot(tx, { guildId, userId, action: "custom_bot.disable", before, values: { status: "disabled", statusReason: "owner", statusChangedAt: new Date() } });
  });
}

/** acknowledge-custom-bot-block: the banner goes; the bot stays off (disabled, token refused) until a new token. */
export async function acknowledgeBlock(db: Db, guildId: string, userId: string): Promise<CustomBotRow> {
  return db.transaction(async (tx) => {
    const before = await lockCustomBot(tx, guildId);
    if (!before) throw new CustomBotError("custom_bot_not_set_up");
    if (before.status !== "blocked") return before;
    const now = new Date();
    return writeCustomBot(tx, { guildId, userId, action: "custom_bot.acknowledge", before, values: { status: "disabled", statusReason: "token_refused", statusChangedAt: now, blockAcknowledgedAt: now } });
  });
}

/** The platform answered 401 to the stored token: the bot is blocked, and says why. `userId`: whose call found it. */
export async function markBlocked(db: Db, guildId: string, userId: string): Promise<void> {
  const blocked = await db.transaction((tx) => blockCustomBot(tx, guildId, userId));
  // The request that found it fails, so the route pipeline expires nothing: the page must show the block now.
  expireGuildPages(guildId);
  if (blocked) await notifyBlocked(db, guildId);
}

/** Once the block committed: every manager of the guild hears that the bot is off (a repeat while unread is not told again). */
export function notifyBlocked(db: Db, guildId: string): Promise<unknown> {
  return notifyGuildManagers(db, { guildId, kind: "custom_bot_blocked", params: {} });
}

/**
 * Blocks the guild's custom bot in `tx` (its token refused), when it is `botUserId` when given (the
 * bot reported it: lib/bot-contract/events.ts); false when the guild has no such bot.
 */
export async function blockCustomBot(tx: Tx, guildId: string, userId: string, botUserId?: string): Promise<boolean> {
  const before = await lockCustomBot(tx, guildId);
  if (!before || (botUserId !== undefined && before.botUserId !== botUserId)) return false;
  if (before.status === "blocked") return true;
  const now = new Date();
  await writeCustomBot(tx, {
    guildId,
    userId,
    action: "custom_bot.block",
    before,
    values: { status: "blocked", statusReason: "token_refused", statusChangedAt: now, blockAcknowledgedAt: null, lastError: "custom_bot_token_refused", lastErrorAt: now },
  });
  return true;
}

/** A call with the token failed for another reason: kept as the bot's last error, no audit (nothing the owner changed). */
export async function noteLastError(db: Db, guildId: string, code: CustomBotErrorCode): Promise<void> {
  await db.update(customBots).set({ lastError: code, lastErrorAt: new Date() }).where(eq(customBots.guildId, guildId));
  expireGuildPages(guildId);
}

/**
 * In the transaction that recomputed the guild's buffs (lib/billing/subscriptions.ts): when they no
 * longer include the custom bot, an active one is disabled (reason subscription_ended), audited as
 * `userId`'s (whoever the billing change is audited as). Its row, settings and token are kept.
 */
export async function disableWhenNotIncluded(tx: Tx, guildId: string, buffs: readonly string[], userId: string): Promise<void> {
  if (includesCustomBot(buffs)) return;
  const before = await lockCustomBot(tx, guildId);
  if (!before || before.status !== "active") return;
  await writeCustomBot(tx, { guildId, userId, action: "custom_bot.disable", before, values: { status: "disabled", statusReason: "subscription_ended", statusChangedAt: new Date() } });
}
