/** @jest-environment node */
// Buying Premium through Chargebee's hosted page, end to end against the fake: the app creates
// the page for a guild Ada manages, the browser pays on the fake's page with the test card, the
// fake's webhook and the return's finalize apply the subscription once, and the guild's buffs
// carry the plan's. A cancelled or foreign checkout changes nothing.
import { and, eq } from "drizzle-orm";
import { POST as checkoutRoute } from "@/app/api/guilds/[guildId]/chargebee/checkout/route";
import { POST as finalizeRoute } from "@/app/api/chargebee/finalize/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { PLAN_BUFFS } from "@/lib/billing/plans";
import { getDb } from "@/lib/db/client";
import { auditEvents, guildSettings, subscriptions, webhookEvents } from "@/lib/db/schema";
import { readBody } from "@/test/api";
import { startChargebeeHarness, type ChargebeeHarness, WEBHOOK_PASSWORD, WEBHOOK_USER } from "@/test/chargebee-harness";
import { call, CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { scratchGuildForThisBlock, signedInJar } from "@/test/sign-in";

const scratch = scratchGuildForThisBlock("Chargebee checkout");
let chargebee: ChargebeeHarness;
let bjorn: CookieJar;

beforeAll(async () => {
  chargebee = await startChargebeeHarness();
  bjorn = await signedInJar(scratch.harness, USER_IDS.bjorn);
});
afterAll(() => chargebee.stop());

async function buffs(guildId: string): Promise<string[]> {
  const [row] = await (await getDb()).select({ buffs: guildSettings.buffs }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
  return row?.buffs ?? [];
}

async function billingAudits(guildId: string): Promise<number> {
  return (await (await getDb()).select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "billing.update")))).length;
}

async function startCheckout(body: Record<string, unknown>, jar = scratch.ada, guildId = scratch.guild) {
  const response = await call(checkoutRoute, `/api/guilds/${guildId}/chargebee/checkout`, { method: "POST", jar, params: { guildId }, body, headers: { "x-guildhall-locale": "fr" } });
  return { response, body: (await readBody(response)) as { hosted_page_id: string; url: string; code?: string } };
}

/** What the browser does on the hosted page: open it, pay (or cancel), follow the redirect back. */
async function onHostedPage(url: string, action: "pay" | "cancel"): Promise<URL> {
  expect((await fetch(url)).status).toBe(200);
  const answer = await fetch(action === "pay" ? url : `${url}/cancel`, { method: "POST", body: new URLSearchParams({ number: "4111111111111111", expiry: "01/31", cvc: "321" }), redirect: "manual" });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location")!);
}

const finalize = (hostedPageId: string, jar: CookieJar | undefined = scratch.ada) => call(finalizeRoute, "/api/chargebee/finalize", { method: "POST", jar, body: { hosted_page_id: hostedPageId } });

it("buys Premium yearly with the custom bot: the webhook applies it, the return lands on the guild, a repeat changes nothing", async () => {
  const { response, body } = await startCheckout({ period_months: 12, with_custom_bot: true });
  expect(response.status).toBe(200);
  expect(body.url).toMatch(new RegExp(`^${chargebee.fake.url}/pages/checkout/`));
  const back = await onHostedPage(body.url, "pay");
  expect(back.pathname).toBe("/fr/premium/return");
  expect(back.searchParams.get("state")).toBe("succeeded");
  // The fake sent subscription_created to the webhook before redirecting.
  expect(chargebee.fake.deliveries.at(-1)?.status).toBe(200);
  expect(await buffs(scratch.guild)).toEqual(expect.arrayContaining([...PLAN_BUFFS.premium]));
  const audits = await billingAudits(scratch.guild);

  const done = await finalize(back.searchParams.get("id")!);
  expect(done.status).toBe(200);
  expect(await done.json()).toMatchObject({ guild_id: scratch.guild, plan: "premium", status: "active" });
  expect((await finalize(back.searchParams.get("id")!)).status).toBe(200);
  expect(await billingAudits(scratch.guild)).toBe(audits);
  const [stored] = await (await getDb()).select().from(subscriptions).where(eq(subscriptions.guildId, scratch.guild));
  expect(stored).toMatchObject({ provider: "chargebee", plan: "premium", periodMonths: 12, withCustomBot: true, userId: USER_IDS.ada, paymentMethod: { brand: "visa", last4: "1111" } });
});

it("finalize applies a checkout whose webhook never came, once; another user is refused", async () => {
  chargebee.fake.setWebhook(undefined);
  try {
    // A guild of its own: the first test's already pays for Premium, which the bundle includes.
    const guildId = addScratchGuild(scratch.harness, "workshop");
    const { body } = await startCheckout({ period_months: 1, bundle_id: "mee6-bundle" }, scratch.ada, guildId);
    const back = await onHostedPage(body.url, "pay");
    const id = back.searchParams.get("id")!;

    const foreign = await finalize(id, bjorn);
    expect(foreign.status).toBe(403);
    expect(((await readBody(foreign)) as { code: string }).code).toBe("checkout_forbidden");
    expect((await finalize(id, new CookieJar())).status).toBe(401);

    const before = await billingAudits(guildId);
    expect((await finalize(id)).status).toBe(200);
    expect(await billingAudits(guildId)).toBe(before + 1);
    expect(await buffs(guildId)).toEqual(expect.arrayContaining([...PLAN_BUFFS.bundle]));
    expect((await finalize(id)).status).toBe(200);
    expect(await billingAudits(guildId)).toBe(before + 1);
    const claims = await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, `hosted_page:${id}`));
    expect(claims).toHaveLength(1);
  } finally {
    chargebee.fake.setWebhook({ url: chargebee.webhookUrl, username: WEBHOOK_USER, password: WEBHOOK_PASSWORD });
  }
});

it("a cancelled checkout says so and changes nothing", async () => {
  const { body } = await startCheckout({ period_months: 1, plan: "pro" });
  const before = { buffs: await buffs(scratch.guild), audits: await billingAudits(scratch.guild) };
  const back = await onHostedPage(body.url, "cancel");
  expect(back.searchParams.get("state")).toBe("cancelled");
  const answer = await finalize(back.searchParams.get("id")!);
  expect(answer.status).toBe(409);
  expect(((await readBody(answer)) as { code: string }).code).toBe("checkout_cancelled");
  expect({ buffs: await buffs(scratch.guild), audits: await billingAudits(scratch.guild) }).toEqual(before);
  expect(before.buffs).not.toContain("pro");
});

it("an unpaid checkout is not finalized, and bad input is refused before Chargebee is asked", async () => {
  const { body } = await startCheckout({ period_months: 1 }, scratch.ada, addScratchGuild(scratch.harness, "workshop"));
  const answer = await finalize(body.hosted_page_id);
  expect(answer.status).toBe(409);
  expect(((await readBody(answer)) as { code: string }).code).toBe("checkout_unpaid");
  const calls = chargebee.fake.calls.length;
  const bad = await startCheckout({ period_months: 3, addons: ["unknown"] });
  expect(bad.response.status).toBe(400);
  expect(chargebee.fake.calls.length).toBe(calls);
});

it("refuses the custom bot add-on with a plan that includes the custom bot, in the caller's language", async () => {
  for (const body of [{ period_months: 1, plan: "pro", with_custom_bot: true }, { period_months: 12, bundle_id: "mee6-bundle", addons: ["custom-bot"] }]) {
    const { response, body: answer } = await startCheckout(body);
    expect({ status: response.status, code: answer.code }).toEqual({ status: 400, code: "custom_bot_included" });
    expect((answer as unknown as { message: string }).message).toBe("Cette offre inclut déjà le bot personnalisé : aucune option à acheter avec elle.");
  }
});
