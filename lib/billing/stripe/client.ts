import "server-only";
import Stripe from "stripe";
import { getEnv, type StripeSettings } from "@/lib/env";

// The one Stripe SDK client, built from lib/env (the fake's address in tests and the demo).
let cached: { settings: StripeSettings; client: Stripe } | undefined;

/** Stripe's settings; throws when none are configured (callers offer card checkout only when stripeConfigured()). */
export function stripeSettings(): StripeSettings {
  const settings = getEnv().stripe;
  if (!settings) throw new Error("Stripe is not configured (STRIPE_SECRET_KEY)");
  return settings;
}

export function stripeConfigured(): boolean {
  return getEnv().stripe !== null;
}

export function stripeClient(): Stripe {
  const settings = stripeSettings();
  if (cached?.settings !== settings) {
    const base = settings.apiBase;
    const address = base ? { host: base.hostname, port: base.port || (base.protocol === "https:" ? 443 : 80), protocol: base.protocol.replace(":", "") as "http" | "https" } : {};
    // One retry (with the SDK's idempotency key) covers a dropped connection; a longer outage answers 5xx to the caller.
    cached = { settings, client: new Stripe(settings.secretKey, { ...address, maxNetworkRetries: 1, timeout: 15_000, appInfo: { name: "Guildhall" } }) };
  }
  return cached.client;
}
