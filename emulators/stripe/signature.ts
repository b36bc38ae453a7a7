import { createHmac } from "node:crypto";

/** The Stripe-Signature header for a payload, as Stripe computes it: `t=<unix>,v1=<HMAC-SHA256(secret, "t.payload")>`. */
export function stripeSignature(payload: string, secret: string, timestamp = Math.floor(Date.now() / 1000)): string {
  const v1 = createHmac("sha256", secret).update(`${timestamp}.${payload}`).digest("hex");
  return `t=${timestamp},v1=${v1}`;
}
