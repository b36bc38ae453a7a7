// Tests only: starts the Chargebee fake on a free port, points lib/env at it, and runs a small
// receiver on loopback that hands the fake's webhook deliveries to the real route handler (the
// app is not an HTTP server under jest). Not imported by application code.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { POST as chargebeeWebhook } from "@/app/api/webhooks/chargebee/route";
import { FAKE_CHARGEBEE_SITE, startChargebeeFake, type FakeChargebee } from "@/emulators/chargebee/server";
import { resetCatalogueForTests } from "@/lib/billing/chargebee/catalogue";
import { resetEnvCache } from "@/lib/env";
import { APP_ORIGIN } from "./route-client";

export const WEBHOOK_USER = "chargebee-hooks";
export const WEBHOOK_PASSWORD = "test-webhook-password-0123456789";

const ENV_KEYS = ["CHARGEBEE_SITE", "CHARGEBEE_API_KEY", "CHARGEBEE_API_URL", "CHARGEBEE_WEBHOOK_USERNAME", "CHARGEBEE_WEBHOOK_PASSWORD"] as const;

export type ChargebeeHarness = { fake: FakeChargebee; webhookUrl: string; stop(): Promise<void> };

export async function startChargebeeHarness(): Promise<ChargebeeHarness> {
  const saved = Object.fromEntries(ENV_KEYS.map((key) => [key, process.env[key]]));
  const receiver = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const headers = new Headers(Object.entries(req.headers).flatMap(([key, value]) => (typeof value === "string" ? [[key, value] as [string, string]] : [])));
      void chargebeeWebhook(new NextRequest(new URL("/api/webhooks/chargebee", APP_ORIGIN), { method: "POST", headers, body: Buffer.concat(chunks) })).then(async (response) => {
        res.writeHead(response.status, { "Content-Type": "application/json" });
        res.end(await response.text());
      });
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const webhookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/webhooks/chargebee`;
  const fake = await startChargebeeFake({ quiet: true, webhook: { url: webhookUrl, username: WEBHOOK_USER, password: WEBHOOK_PASSWORD } });
  Object.assign(process.env, {
    CHARGEBEE_SITE: FAKE_CHARGEBEE_SITE,
    CHARGEBEE_API_KEY: fake.apiKey,
    CHARGEBEE_API_URL: fake.url,
    CHARGEBEE_WEBHOOK_USERNAME: WEBHOOK_USER,
    CHARGEBEE_WEBHOOK_PASSWORD: WEBHOOK_PASSWORD,
  });
  resetEnvCache();
  resetCatalogueForTests();
  return {
    fake,
    webhookUrl,
    async stop() {
      await fake.close();
      await new Promise<void>((resolve) => receiver.close(() => resolve()));
      for (const key of ENV_KEYS) {
        if (saved[key] === undefined) delete process.env[key];
        else process.env[key] = saved[key];
      }
      resetEnvCache();
      resetCatalogueForTests();
    },
  };
}
