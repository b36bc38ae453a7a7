// Tests only: starts the PayPal fake on a free port, points lib/env at it (credentials, webhook
// id, a plan per plan and period) and delivers its events to the app's webhook route handler
// (called in-process, as test/route-client does).
import { POST as paypalWebhook } from "@/app/api/webhooks/paypal/route";
import { FAKE_CLIENT_ID, FAKE_CLIENT_SECRET, FAKE_WEBHOOK_ID, fakePlanIds } from "@/emulators/paypal/credentials";
import { startPaypalFake, type PaypalFake } from "@/emulators/paypal/server";
import { resetEnvCache } from "@/lib/env";
import { call } from "./route-client";

const ENV_KEYS = ["PAYPAL_CLIENT_ID", "PAYPAL_CLIENT_SECRET", "PAYPAL_WEBHOOK_ID", "PAYPAL_API_URL", "PAYPAL_PLAN_IDS"] as const;

/** Posts an event to the webhook route as PayPal would (raw JSON body, PAYPAL-* transmission headers). */
export function postPaypalEvent(payload: string, headers: Record<string, string>): Promise<Response> {
  return call(paypalWebhook, "/api/webhooks/paypal", { method: "POST", rawBody: payload, headers });
}

export type PaypalHarness = PaypalFake & {
  /** While muted, events are sent but never reach the app (as when its webhook is not set up yet). */
  mute(muted: boolean): void;
  stop(): Promise<void>;
};

export async function startPaypalHarness(): Promise<PaypalHarness> {
  let muted = false;
  const fake = await startPaypalFake({ port: 0, webhook: async (payload, headers) => (muted ? 0 : (await postPaypalEvent(payload, headers)).status) });
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  Object.assign(process.env, { PAYPAL_CLIENT_ID: FAKE_CLIENT_ID, PAYPAL_CLIENT_SECRET: FAKE_CLIENT_SECRET, PAYPAL_WEBHOOK_ID: FAKE_WEBHOOK_ID, PAYPAL_API_URL: fake.url, PAYPAL_PLAN_IDS: JSON.stringify(fakePlanIds()) });
  resetEnvCache();
  return {
    ...fake,
    mute: (value) => void (muted = value),
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
