import { ingestEvents } from "@/lib/bot-contract/events";
import { botRoute } from "@/lib/bot-contract/route";
import { BOT_ROUTES } from "@/lib/bot-contract/routes";

// POST /api/bot/v1/events: what the bot saw happen (joins, XP, giveaway entries, moderation cases, tickets), once per key.
export const POST = botRoute(BOT_ROUTES.events, async ({ db, bot, body }) => ({ results: await ingestEvents(db, bot, body.events) }));
