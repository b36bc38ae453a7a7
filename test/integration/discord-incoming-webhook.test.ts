/** @jest-environment node */
// POST /api/discord-incoming-webhook: the platform's webhook events, signed by the emulator the way
// Discord signs them (Ed25519 over timestamp + body). A PING and events are answered 204 with no
// body; anything unsigned, signed with another key, altered, or older than five minutes is 401 and
// does nothing. A server that adds the bot shows it at once.
import { generateKeyPairSync, sign } from "node:crypto";
import { POST } from "@/app/api/discord-incoming-webhook/route";
import { eventBody, pingBody, signedHeaders } from "@/emulators/platform/webhook-events";
import { getBotGuildIds } from "@/lib/platform/bot-api";
import { resetEnvCache } from "@/lib/env";
import { isEnvelope, readBody } from "@/test/api";
import { GUILD_IDS } from "@/test/guild-harness";
import { call } from "@/test/route-client";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";

let harness: EmulatorHarness;
beforeAll(async () => {
  harness = await startEmulatorHarness();
});
afterAll(() => harness.stop());

function deliver(rawBody: string, headers: Record<string, string>) {
  return call(POST, "/api/discord-incoming-webhook", { method: "POST", rawBody, headers, contentType: "application/json" });
}

const now = () => String(Math.floor(Date.now() / 1000));

describe("POST /api/discord-incoming-webhook", () => {
  it("answers the platform's signed PING with 204 and no body", async () => {
    const raw = JSON.stringify(pingBody());
    const response = await deliver(raw, signedHeaders(raw));
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");
  });

  it("refuses with 401 what the platform did not sign: no signature, another key, an altered body, an old timestamp", async () => {
    const raw = JSON.stringify(pingBody());
    const other = generateKeyPairSync("ed25519").privateKey;
    const cases: Array<Record<string, string>> = [
      {},
      { "X-Signature-Ed25519": sign(null, Buffer.from(now() + raw), other).toString("hex"), "X-Signature-Timestamp": now() },
      signedHeaders(raw.replace("0}", "1}")),
      signedHeaders(raw, String(Math.floor(Date.now() / 1000) - 6 * 60)),
      { "X-Signature-Ed25519": "zz", "X-Signature-Timestamp": now() },
    ];
    for (const headers of cases) {
      const response = await deliver(raw, headers);
      const body = await readBody(response);
      expect(response.status).toBe(401);
      expect(isEnvelope(body, 401) && body.code).toBe("invalid_signature");
    }
  });

  it("refuses a signed body that is not a webhook event of this application (400)", async () => {
    for (const raw of ["not json", JSON.stringify({ version: 1, type: 7 }), JSON.stringify({ ...pingBody(), application_id: "123456789012345678" })]) {
      expect((await deliver(raw, signedHeaders(raw))).status).toBe(400);
    }
  });

  it("shows a server that just added the bot at once (APPLICATION_AUTHORIZED), without waiting for the kept guild list", async () => {
    const guild = harness.emulator.state.guild(GUILD_IDS.pixelRaiders)!;
    expect((await getBotGuildIds()).has(guild.id)).toBe(false);
    harness.emulator.state.addBot(guild, 8n);
    // Still the kept list: the platform was not asked again.
    expect((await getBotGuildIds()).has(guild.id)).toBe(false);
    const raw = JSON.stringify(eventBody("APPLICATION_AUTHORIZED", { integration_type: 0, scopes: ["bot"], user: { id: "158954752913309807", username: "ada.lovelace" }, guild: { id: guild.id, name: guild.name } }));
    const response = await deliver(raw, signedHeaders(raw));
    expect(response.status).toBe(204);
    expect((await getBotGuildIds()).has(guild.id)).toBe(true);
  });

  it("acknowledges events it needs nothing for", async () => {
    const raw = JSON.stringify(eventBody("ENTITLEMENT_CREATE", { id: "1234567890123456789" }));
    expect((await deliver(raw, signedHeaders(raw))).status).toBe(204);
  });

  it("is not there without the application's public key", async () => {
    const saved = process.env.DISCORD_PUBLIC_KEY;
    delete process.env.DISCORD_PUBLIC_KEY;
    resetEnvCache();
    try {
      const raw = JSON.stringify(pingBody());
      expect((await deliver(raw, signedHeaders(raw))).status).toBe(404);
    } finally {
      process.env.DISCORD_PUBLIC_KEY = saved;
      resetEnvCache();
    }
  });
});
