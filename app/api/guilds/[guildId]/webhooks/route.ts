import { NextResponse } from "next/server";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams } from "@/lib/platform/snowflake";
import { webhookCreation } from "@/lib/webhooks/input";
import { listWebhooks, makeWebhook } from "@/lib/webhooks/manage";

// GET /api/guilds/{id}/webhooks: the server's webhooks with their channel and creator, never a token.
export const GET = guildRoute({ params: guildIdParams }, async ({ access }) => ({ webhooks: await listWebhooks(access.guildId) }));

// POST /api/guilds/{id}/webhooks {channel_id, src?, name?}: a webhook made by the bot in that channel;
// the answer's `url` holds its token, shown this once.
export const POST = guildRoute({ params: guildIdParams, body: webhookCreation }, async ({ access, body, db }) =>
  NextResponse.json({ webhook: await makeWebhook(db, access.guildId, body) }, { status: 201 }),
);
