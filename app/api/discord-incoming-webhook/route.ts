import { NextResponse } from "next/server";
import { getEnv } from "@/lib/env";
import { ApiError } from "@/lib/http/api-error";
import { readEventText, webhookRoute } from "@/lib/http/webhook-route";
import { handleWebhookEvent, isSignedEvent, webhookEventBody } from "@/lib/platform/webhook-events";

// POST /api/discord-incoming-webhook (spec 7): the platform's webhook events, the application's
// Webhook Events URL. Verified by their Ed25519 signature before anything is parsed (401 otherwise,
// as the platform requires); a PING and every event are answered 204 with no body.
export const POST = webhookRoute(async (req) => {
  const publicKeyHex = getEnv().DISCORD_PUBLIC_KEY;
  if (!publicKeyHex) throw new ApiError(404, "not_found", "This API route does not exist.");
  const rawBody = await readEventText(req);
  const signed = isSignedEvent({
    publicKeyHex,
    rawBody,
    signature: req.headers.get("x-signature-ed25519"),
    timestamp: req.headers.get("x-signature-timestamp"),
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (!signed) throw new ApiError(401, "invalid_signature", "The event's signature does not verify.");
  let json: unknown;
  try {
    json = JSON.parse(rawBody);
  } catch {
    throw new ApiError(400, "invalid_json", "The event is not JSON.");
  }
  const body = webhookEventBody.safeParse(json);
  if (!body.success || body.data.application_id !== getEnv().DISCORD_CLIENT_ID) throw new ApiError(400, "invalid_event", "The event is not a webhook event of this application.");
  await handleWebhookEvent(body.data);
  return new NextResponse(null, { status: 204 });
});
