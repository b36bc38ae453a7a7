/** @jest-environment node */
// What Pro unlocks (lib/billing/entitlements.ts `pro_limits`): a server that bought Pro through
// the Stripe fake holds twice the items of every plugin list, through the plugin API, the
// trophies' batch and a settings import; once Pro has ended it keeps its items but cannot add.
import { GET as checkout } from "@/app/api/stripe/plans/[planId]/checkout/route";
import { GET as subscriptionGet } from "@/app/api/guilds/[guildId]/subscription/route";
import { POST as subscriptionAction } from "@/app/api/guilds/[guildId]/subscription/[action]/route";
import { GET as exportRoute } from "@/app/api/guilds/[guildId]/settings-export/route";
import { POST as importRoute } from "@/app/api/guilds/[guildId]/settings-import/route";
import { recomputeGuildBuffs } from "@/lib/billing/subscriptions";
import { getDb } from "@/lib/db/client";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild, readBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { startStripeHarness } from "@/test/stripe-harness";

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let ada: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  stripe = await startStripeHarness();
  ada = await signedInJar(harness);
});
afterAll(async () => {
  await stripe.stop();
  await harness.stop();
});

/** A fresh server with Pro bought on the Stripe fake's hosted page with the test card. */
async function proGuild(): Promise<string> {
  const guildId = addScratchGuild(harness, "workshop");
  const started = await call(checkout, `/api/stripe/plans/pro/checkout?guild_id=${guildId}&period=1`, { jar: ada, params: { planId: "pro" } });
  const { url } = (await started.json()) as { url: string };
  const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
  expect(paid.status).toBe(302);
  expect(await readBuffs(guildId)).toEqual(["pro"]);
  return guildId;
}

/** Pro cancelled through the API and its paid period over: the buffs as they are drawn then. */
async function endPro(guildId: string): Promise<void> {
  await call(subscriptionAction, "", { method: "POST", jar: ada, params: { guildId, action: "cancel" } });
  const { subscription } = (await (await call(subscriptionGet, "", { jar: ada, params: { guildId } })).json()) as { subscription: { ends_at: string } };
  const after = await (await getDb()).transaction((tx) => recomputeGuildBuffs(tx, guildId, new Date(Date.parse(subscription.ends_at) + 1000)));
  expect(after.after).not.toContain("pro");
}

const addTimer = async (guildId: string, channel: string, name: string) => pluginCall(ada, "POST", `/timers/${guildId}`, { body: { name, channel_id: channel, message: "hi", interval_minutes: 30 } });
const timerList = async (guildId: string) => (await readBody(await pluginCall(ada, "GET", `/timers/${guildId}`))) as { total: number; max: number };

it("a Pro server holds twice the free timers, is told Premium would give it twice the premium ones, and keeps them but cannot add once Pro ends", async () => {
  const guildId = await proGuild();
  const { channel } = await guildRefs(guildId);
  for (const name of ["a", "b", "c", "d"]) expect((await addTimer(guildId, channel, name)).status).toBe(201);
  expect(await timerList(guildId)).toMatchObject({ total: 4, max: 4 });

  const fifth = await addTimer(guildId, channel, "e");
  const refused = await readBody(fifth);
  expect(isEnvelope(refused, 403)).toBe(true);
  expect(refused).toMatchObject({ code: "premium_limit_reached", message: "This server can have 4 of these; premium raises the limit to 40." });

  await endPro(guildId);
  expect(await timerList(guildId)).toMatchObject({ total: 4, max: 2 });
  const after = await addTimer(guildId, channel, "e");
  expect(after.status).toBe(403);
  expect(await readBody(after)).toMatchObject({ code: "premium_limit_reached", message: "This server can have 2 of these; premium raises the limit to 20." });
});

it("the trophies' limits and batch follow Pro", async () => {
  const guildId = await proGuild();
  const limits = (await readBody(await pluginCall(ada, "GET", `/achievements/guilds/${guildId}/trophies/limits`))) as Record<string, number>;
  expect(limits).toEqual({ used: 0, max: 2 * limits.free!, free: limits.free, premium: limits.premium });
  const trophy = (index: number) => ({ name: `Trophy ${index}`, condition: "messages_sent", threshold: 10 + index });
  const batch = await pluginCall(ada, "POST", `/achievements/guilds/${guildId}/trophies/batch-create`, { body: { trophies: Array.from({ length: limits.max! }, (_, index) => trophy(index)) } });
  expect(batch.status).toBe(201);
  const more = await pluginCall(ada, "POST", `/achievements/guilds/${guildId}/trophies/batch-create`, { body: { trophies: [trophy(99)] } });
  expect((await readBody(more)) as { code: string }).toMatchObject({ code: "premium_limit_reached" });
});

it("a settings file with twice the free timers imports into a Pro server, and no longer once Pro has ended", async () => {
  const guildId = await proGuild();
  const { channel } = await guildRefs(guildId);
  for (const name of ["a", "b", "c"]) expect((await addTimer(guildId, channel, name)).status).toBe(201);
  const file = await (await call(exportRoute, `/api/guilds/${guildId}/settings-export`, { jar: ada, params: { guildId } })).json();
  const importFile = () => call(importRoute, `/api/guilds/${guildId}/settings-import`, { method: "POST", jar: ada, params: { guildId }, body: { file, apply: false } });
  expect((await importFile()).status).toBe(200);
  await endPro(guildId);
  const refused = await importFile();
  expect({ status: refused.status, code: ((await readBody(refused)) as { code: string }).code }).toEqual({ status: 403, code: "premium_limit_reached" });
});
