import { createSign, createVerify, type KeyObject } from "node:crypto";
import { crc32 } from "node:zlib";

// PayPal's webhook signature: SHA256withRSA over `{transmission id}|{time}|{webhook id}|{CRC32 of
// the body}`, the certificate's URL in PAYPAL-CERT-URL. The fake signs with its own key and checks
// the same way in verify-webhook-signature, so a changed body, id or time fails.

export const AUTH_ALGO = "SHA256withRSA";

function signedText(transmissionId: string, time: string, webhookId: string, body: string): string {
  return `${transmissionId}|${time}|${webhookId}|${crc32(body) >>> 0}`;
}

export function signTransmission(key: KeyObject, transmissionId: string, time: string, webhookId: string, body: string): string {
  return createSign("sha256").update(signedText(transmissionId, time, webhookId, body)).sign(key, "base64");
}

export function verifyTransmission(key: KeyObject, signature: string, transmissionId: string, time: string, webhookId: string, body: string): boolean {
  try {
    return createVerify("sha256").update(signedText(transmissionId, time, webhookId, body)).verify(key, signature, "base64");
  } catch {
    return false;
  }
}
