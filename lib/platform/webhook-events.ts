import "server-only";
import { createPublicKey, verify, type KeyObject } from "node:crypto";
import { z } from "zod";
import { refreshBotGuildIds, refreshGuildCache } from "./bot-api";

// The platform's webhook events (spec 7: /discord-incoming-webhook): what Discord POSTs to the
// application's Webhook Events URL. Every one is signed with the application's Ed25519 key over
// the X-Signature-Timestamp header followed by the raw body; one that does not verify is refused
// (Discord checks the URL with a PING and bad signatures, and turns it off if they are accepted).
// Events older than five minutes are refused too, so a captured one cannot be replayed later.

export const MAX_EVENT_AGE_SECONDS = 5 * 60;
const SPKI_ED25519_PREFIX = "302a300506032b6570032100";

const keys = new Map<string, KeyObject>();

function publicKey(hex: string): KeyObject {
  let key = keys.get(hex);
  if (!key) keys.set(hex, (key = createPublicKey({ key: Buffer.from(SPKI_ED25519_PREFIX + hex, "hex"), format: "der", type: "spki" })));
  return key;
}

/** Whether the event is the platform's, signed now: a 128-hex-digit signature over timestamp + body, within MAX_EVENT_AGE_SECONDS. */
export function isSignedEvent(input: { publicKeyHex: string; rawBody: string; signature: string | null; timestamp: string | null; nowSeconds: number }): boolean {
  const { signature, timestamp } = input;
  if (!signature || !timestamp || !/^[0-9a-f]{128}$/i.test(signature) || !/^\d{1,12}$/.test(timestamp)) return false;
  if (Math.abs(input.nowSeconds - Number(timestamp)) > MAX_EVENT_AGE_SECONDS) return false;
  return verify(null, Buffer.from(timestamp + input.rawBody, "utf8"), publicKey(input.publicKeyHex), Buffer.from(signature, "hex"));
}

const snowflake = z.string().regex(/^\d{17,20}$/);
const common = { version: z.literal(1), application_id: snowflake };
export const webhookEventBody = z.discriminatedUnion("type", [
  z.object({ ...common, type: z.literal(0) }),
  z.object({ ...common, type: z.literal(1), event: z.object({ type: z.string().max(100), timestamp: z.string().max(40), data: z.unknown() }) }),
]);
export type WebhookEventBody = z.output<typeof webhookEventBody>;

// APPLICATION_AUTHORIZED for a server install (integration_type 0) names the server.
const serverInstall = z.object({ integration_type: z.literal(0), guild: z.object({ id: snowflake }) });

/**
 * Acts on a verified event. A server that just added the bot shows it at once (the kept bot guild
 * set and that guild's reads are dropped); other events (a user install, a removal of the app by a
 * user, entitlements) need nothing here and are acknowledged.
 */
export async function handleWebhookEvent(body: WebhookEventBody): Promise<void> {
  if (body.type !== 1 || body.event.type !== "APPLICATION_AUTHORIZED") return;
  const install = serverInstall.safeParse(body.event.data);
  if (!install.success) return;
  await refreshBotGuildIds();
  await refreshGuildCache(install.data.guild.id);
}
