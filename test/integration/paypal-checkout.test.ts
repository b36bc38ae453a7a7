/** @jest-environment node */
// PayPal's subscription link for a plan (spec 3): for a guild the caller manages, naming the
// configured PayPal plan and the guild and buyer in custom_id; 503 while PayPal sells no such plan.
import { GET as checkout } from "@/app/api/paypal/plans/[planId]/checkout/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { resetEnvCache } from "@/lib/env";
import { readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let bjorn: CookieJar;
let guildId: string;
const PLAN_IDS = { premium_1: "P-5ML4271244454362WXNWU5NQ", pro_12: "P-3RX065706M3469222L5IFM4I" };

beforeAll(async () => {
  harness = await startEmulatorHarness();
  [ada, bjorn] = [await signedInJar(harness), await signedInJar(harness, USER_IDS.bjorn)];
  guildId = addScratchGuild(harness, "workshop");
});
afterAll(async () => {
  await harness.stop();
  delete process.env.PAYPAL_PLAN_IDS;
  resetEnvCache();
});

function configure(planIds: Record<string, string> | null) {
  if (planIds) process.env.PAYPAL_PLAN_IDS = JSON.stringify(planIds);
  else delete process.env.PAYPAL_PLAN_IDS;
  resetEnvCache();
}

const open = (plan: string, query: string, jar: CookieJar | null = ada, headers: Record<string, string> = {}) =>
  call(checkout, `/api/paypal/plans/${plan}/checkout?${query}`, { jar: jar ?? undefined, params: { planId: plan }, headers });

it("answers the sandbox subscription link of the configured plan, naming guild and buyer", async () => {
  configure(PLAN_IDS);
  for (const [plan, period, planId] of [["premium", "1", PLAN_IDS.premium_1], ["pro", "12", PLAN_IDS.pro_12]] as const) {
    const response = await open(plan, `guild_id=${guildId}&period=${period}`);
    const { url } = (await readBody(response)) as { url: string };
    const link = new URL(url);
    expect({ status: response.status, origin: link.origin, path: link.pathname, query: Object.fromEntries(link.searchParams) }).toEqual({
      status: 200,
      origin: "https://www.sandbox.paypal.com",
      path: "/webapps/billing/plans/subscribe",
      query: { plan_id: planId, custom_id: `${guildId}:${USER_IDS.ada}` },
    });
  }
});

it("redirects a browser navigation to the link", async () => {
  configure(PLAN_IDS);
  const response = await open("premium", `guild_id=${guildId}`, ada, { "sec-fetch-mode": "navigate" });
  expect(response.status).toBe(303);
  expect(response.headers.get("location")).toBe(`https://www.sandbox.paypal.com/webapps/billing/plans/subscribe?plan_id=${PLAN_IDS.premium_1}&custom_id=${guildId}%3A${USER_IDS.ada}`);
});

it("answers 503 billing_unavailable, translated, for a plan PayPal does not sell and when PayPal is not configured", async () => {
  configure(PLAN_IDS);
  const unsold = await open("web3", `guild_id=${guildId}&period=1`, ada, { "x-guildhall-locale": "es" });
  expect({ status: unsold.status, body: await readBody(unsold) }).toMatchObject({ status: 503, body: { code: "billing_unavailable", message: "Los pagos no están disponibles en este momento. Inténtalo más tarde." } });
  configure(null);
  const off = await open("premium", `guild_id=${guildId}`);
  expect({ status: off.status, code: ((await readBody(off)) as Envelope).code }).toEqual({ status: 503, code: "billing_unavailable" });
});

it("refuses a signed-out caller, a guild the caller does not manage, an unknown plan or period", async () => {
  configure(PLAN_IDS);
  expect((await open("premium", `guild_id=${guildId}`, null)).status).toBe(401);
  expect((await open("premium", `guild_id=${guildId}`, bjorn)).status).toBe(403);
  expect((await open("gold", `guild_id=${guildId}`)).status).toBe(400);
  expect((await open("premium", `guild_id=${guildId}&period=6`)).status).toBe(400);
});
