import "server-only";
import type { NextRequest } from "next/server";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import type { GuildAccess } from "@/lib/guilds/access";
import { apiLocale } from "@/lib/http/api-locale";
import { inputText } from "@/lib/validation/text";
import { includesCustomBot } from "./gate";
import { readCustomBot, type CustomBotRow } from "./store";
import { customBotView, type CustomBotView } from "./view";

// What the custom bot's routes share: the token body, and their answer (the bot as its owner
// sees it, in the caller's language).

/** Body of enable-custom-bot and update-custom-bot (spec 3). Its shape is the token check's to judge, with a sentence of its own. */
export const tokenBody = z.strictObject({ bot_token: inputText().trim().max(500) });

/** The answer of every custom bot route: `row` after a write, else read now. */
export async function customBotAnswer(db: Db, access: GuildAccess, req: NextRequest, row?: CustomBotRow | null): Promise<CustomBotView> {
  const current = row === undefined ? await readCustomBot(db, access.guildId) : row;
  return customBotView(current, { included: includesCustomBot(access.buffs), locale: apiLocale(req) });
}
