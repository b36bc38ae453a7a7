import { NextResponse } from "next/server";
import { guildRoute } from "@/lib/http/route";
import { guildIdParams, platformId } from "@/lib/platform/snowflake";
import { webhookChanges } from "@/lib/webhooks/input";
import { changeWebhook, removeWebhook } from "@/lib/webhooks/manage";

const params = guildIdParams.extend({ webhookId: platformId("webhook") });

// PATCH /api/guilds/{id}/webhooks/{webhookId} {name?, src?}: a new name or avatar for one of the server's webhooks.
export const PATCH = guildRoute({ params, body: webhookChanges }, async ({ access, params: { webhookId }, body, db }) => ({
  webhook: await changeWebhook(db, access.guildId, webhookId, body),
}));

// DELETE /api/guilds/{id}/webhooks/{webhookId}: the webhook is gone from the platform.
export const DELETE = guildRoute({ params }, async ({ access, params: { webhookId } }) => {
  await removeWebhook(access.guildId, webhookId);
  return new NextResponse(null, { status: 204 });
});
