import { createPrivateKey, sign } from "node:crypto";

import { EMULATOR_CLIENT_ID } from "./credentials";

// Discord's webhook events (the app's "Webhook Events URL"), as the platform sends them: a POST
// whose body is `{ version: 1, application_id, type: 0 }` for the PING that checks the URL, or
// `type: 1` with `event: { type, timestamp, data }`, signed with the application's Ed25519 key
// over the X-Signature-Timestamp header followed by the raw body, the hex signature in
// X-Signature-Ed25519. The key pair is fixed: its public half is EMULATOR_PUBLIC_KEY.

// Seed of the emulator's signing key (sha256 of "guildhall-emulator-webhook-events"); it means nothing elsewhere.
const SEED = "a768eaa35844fc096b50e7deacd9c985f4e03e8a78c3f694444dc3efc4ac4622";
const PKCS8_ED25519_PREFIX = "302e020100300506032b657004220420";
const signingKey = createPrivateKey({ key: Buffer.from(PKCS8_ED25519_PREFIX + SEED, "hex"), format: "der", type: "pkcs8" });

export type WebhookEventBody =
  | { version: 1; application_id: string; type: 0 }
  | { version: 1; application_id: string; type: 1; event: { type: string; timestamp: string; data: unknown } };

export const pingBody = (): WebhookEventBody => ({ version: 1, application_id: EMULATOR_CLIENT_ID, type: 0 });

export function eventBody(type: string, data: unknown, at = new Date()): WebhookEventBody {
  return { version: 1, application_id: EMULATOR_CLIENT_ID, type: 1, event: { type, timestamp: at.toISOString(), data } };
}

/** The headers Discord sends with a webhook event's raw body: its Ed25519 signature and the timestamp signed with it. */
export function signedHeaders(rawBody: string, timestamp = String(Math.floor(Date.now() / 1000))): Record<string, string> {
  const signature = sign(null, Buffer.from(timestamp + rawBody, "utf8"), signingKey).toString("hex");
  return { "Content-Type": "application/json", "X-Signature-Ed25519": signature, "X-Signature-Timestamp": timestamp, "User-Agent": "Discord-Webhook/1.0 (+https://discord.com)" };
}

/** Sends one event to a Webhook Events URL as the platform would; the app's answer status. */
export async function deliverWebhookEvent(url: string, body: WebhookEventBody): Promise<number> {
  const raw = JSON.stringify(body);
  const response = await fetch(url, { method: "POST", headers: signedHeaders(raw), body: raw });
  await response.arrayBuffer();
  return response.status;
}
