import { timingSafeEqual } from "node:crypto";
import { z } from "zod";
import { applyChargebeeEvent } from "@/lib/billing/chargebee/apply";
import { getEnv } from "@/lib/env";
import { ApiError, validationError } from "@/lib/http/api-error";
import { readJsonBody } from "@/lib/http/read-body";
import { webhookRoute } from "@/lib/http/webhook-route";
import { inputText } from "@/lib/validation/text";

// POST /api/webhooks/chargebee: Chargebee's events, authenticated with the HTTP basic auth set
// in its webhook settings (checked before anything is read). Each event is applied once, from
// the subscription as Chargebee holds it now (lib/billing/chargebee/apply.ts).
const event = z.object({
  id: inputText().min(1).max(100),
  event_type: inputText().min(1).max(100),
  content: z.object({ subscription: z.object({ id: inputText().min(1).max(100) }).optional() }).default({}),
});

function authorized(header: string | null): boolean {
  const settings = getEnv().chargebee;
  if (!settings || !header?.startsWith("Basic ")) return false;
  const given = Buffer.from(header.slice(6).trim(), "base64");
  const expected = Buffer.from(`${settings.webhookUsername}:${settings.webhookPassword}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export const POST = webhookRoute(async (req) => {
  if (!authorized(req.headers.get("authorization"))) throw new ApiError(401, "unauthorized", "Invalid webhook credentials.");
  const parsed = event.safeParse(await readJsonBody(req));
  if (!parsed.success) throw validationError(parsed.error, "body");
  const applied = await applyChargebeeEvent({ id: parsed.data.id, event_type: parsed.data.event_type, subscriptionId: parsed.data.content.subscription?.id ?? null });
  return { received: true, applied };
});
