// Tests only: starts the Stripe fake on a free port, points lib/env at it and delivers its
// events to the app's webhook route handler (called in-process, as test/route-client does).
import { POST as stripeWebhook } from "@/app/api/webhooks/stripe/route";
import { FAKE_SECRET_KEY, FAKE_WEBHOOK_SECRET } from "@/emulators/stripe/credentials";
import { startStripeFake, type StripeFake } from "@/emulators/stripe/server";
import { resetEnvCache } from "@/lib/env";
import { call } from "./route-client";

const ENV_KEYS = ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET", "STRIPE_API_BASE"] as const;

/** Posts a payload to the webhook route as Stripe would (raw JSON body, Stripe-Signature header). */
export function postStripeEvent(payload: string, signature: string): Promise<Response> {
  return call(stripeWebhook, "/api/webhooks/stripe", { method: "POST", rawBody: payload, headers: { "stripe-signature": signature } });
}

export async function startStripeHarness(): Promise<StripeFake & { stop(): Promise<void> }> {
  const fake = await startStripeFake({ port: 0, webhook: async (payload, signature) => (await postStripeEvent(payload, signature)).status });
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  Object.assign(process.env, { STRIPE_SECRET_KEY: FAKE_SECRET_KEY, STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET, STRIPE_API_BASE: fake.url });
  resetEnvCache();
  return {
    ...fake,
    async stop() {
      await fake.close();
      for (const key of ENV_KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvCache();
    },
  };
}
