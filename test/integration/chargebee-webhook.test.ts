/** @jest-environment node */
// POST /api/webhooks/chargebee: basic auth first, each event applied once, the subscription
// read again from Chargebee (so a late event cannot undo a newer state), and Chargebee down
// means 503 with nothing claimed, so its retry applies the event.
import { and, eq } from "drizzle-orm";
import { POST as webhook } from "@/app/api/webhooks/chargebee/route";
import { chargebee as client } from "@/lib/billing/chargebee/client";
import { getDb } from "@/lib/db/client";
import { guildSettings, subscriptions, webhookEvents } from "@/lib/db/schema";
import { isEnvelope, readBody } from "@/test/api";
import { startChargebeeHarness, type ChargebeeHarness, WEBHOOK_PASSWORD, WEBHOOK_USER } from "@/test/chargebee-harness";
import { call } from "@/test/route-client";
import { freshSnowflake } from "@/test/scratch-guild";

const USER = "100000000000000789";
let harness: ChargebeeHarness;
let eventNumber = 0;

beforeAll(async () => {
  harness = await startChargebeeHarness();
  harness.fake.setWebhook(undefined);
});
afterAll(() => harness.stop());

/** A subscription bought on the fake's hosted page (no webhook sent: the test sends events itself). */
async function bought(guildId: string): Promise<string> {
  const { hosted_page } = await client().hostedPage.checkoutNewForItems({ subscription_items: [{ item_price_id: "premium-USD-monthly" }], subscription: { cf_guild_id: guildId, cf_user_id: USER } as object, customer: { id: USER } });
  await fetch(hosted_page.url!, { method: "POST", body: new URLSearchParams({ number: "4111111111111111", expiry: "12/30", cvc: "123" }), redirect: "manual" });
  return (harness.fake.state.hostedPage(hosted_page.id!).content!.subscription.id);
}

const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;

function send(event: { id: string; event_type: string; subscriptionId: string }, authorization = basic(WEBHOOK_USER, WEBHOOK_PASSWORD)) {
  return call(webhook, "/api/webhooks/chargebee", { method: "POST", origin: null, noXsrf: true, headers: { authorization }, body: { id: event.id, event_type: event.event_type, object: "event", api_version: "v2", content: { subscription: { id: event.subscriptionId, status: "active" } } } });
}

const event = (event_type: string, subscriptionId: string) => ({ id: `ev_test_${++eventNumber}_${Date.now()}`, event_type, subscriptionId });

async function stored(externalId: string) {
  const [row] = await (await getDb()).select().from(subscriptions).where(and(eq(subscriptions.provider, "chargebee"), eq(subscriptions.externalId, externalId)));
  return row;
}

async function buffs(guildId: string): Promise<string[]> {
  const [row] = await (await getDb()).select({ buffs: guildSettings.buffs }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
  return row?.buffs ?? [];
}

it.each([
  ["no credentials", ""],
  ["a wrong password", basic(WEBHOOK_USER, "not-the-password-at-all")],
  ["another user", basic("someone", WEBHOOK_PASSWORD)],
])("refuses %s with 401 in the envelope and applies nothing", async (_label, authorization) => {
  const guildId = freshSnowflake();
  const id = await bought(guildId);
  const response = await send(event("subscription_created", id), authorization);
  expect(response.status).toBe(401);
  expect(isEnvelope(await readBody(response), 401)).toBe(true);
  expect(await stored(id)).toBeUndefined();
});

it("refuses a body that is not an event with 400", async () => {
  const response = await call(webhook, "/api/webhooks/chargebee", { method: "POST", headers: { authorization: basic(WEBHOOK_USER, WEBHOOK_PASSWORD) }, body: { hello: "world" } });
  expect(response.status).toBe(400);
});

it("applies an event once: a replay is acknowledged and changes nothing", async () => {
  const guildId = freshSnowflake();
  const id = await bought(guildId);
  const created = event("subscription_created", id);
  const first = await send(created);
  expect(await first.json()).toEqual({ received: true, applied: true });
  expect(await buffs(guildId)).toEqual(["premium"]);
  const updatedAt = (await stored(id))!.updatedAt;
  const replay = await send(created);
  expect(await replay.json()).toEqual({ received: true, applied: false });
  expect((await stored(id))!.updatedAt).toEqual(updatedAt);
});

it("settles on Chargebee's current state when events arrive out of order", async () => {
  const guildId = freshSnowflake();
  const id = await bought(guildId);
  const created = event("subscription_created", id);
  await client().subscription.cancelForItems(id, { end_of_term: false });
  const cancelled = event("subscription_cancelled", id);
  // The cancellation's event arrives first, the purchase's after it: the re-read says cancelled both times.
  expect((await (await send(cancelled)).json()).applied).toBe(true);
  expect((await (await send(created)).json()).applied).toBe(true);
  expect((await stored(id))!.status).toBe("cancelled");
  expect(await buffs(guildId)).not.toContain("premium");
  // Renewed later (reactivated): its event brings the buffs back.
  await client().subscription.reactivate(id);
  await send(event("subscription_reactivated", id));
  expect((await stored(id))!.status).toBe("active");
  expect(await buffs(guildId)).toEqual(["premium"]);
});

it("answers 503 without claiming while Chargebee is down, and applies the retry", async () => {
  const guildId = freshSnowflake();
  const id = await bought(guildId);
  const created = event("subscription_created", id);
  harness.fake.setDown(true);
  let response;
  try {
    response = await send(created);
  } finally {
    harness.fake.setDown(false);
  }
  expect(response.status).toBe(503);
  expect(((await readBody(response)) as { code: string }).code).toBe("billing_unavailable");
  expect(await (await getDb()).select().from(webhookEvents).where(eq(webhookEvents.eventId, created.id))).toEqual([]);
  expect(await stored(id)).toBeUndefined();
  expect(await (await send(created)).json()).toEqual({ received: true, applied: true });
  expect(await buffs(guildId)).toEqual(["premium"]);
});

it("acknowledges events about subscriptions this app did not sell without applying them", async () => {
  const response = await send(event("subscription_created", "sub_unknown_here"));
  expect(await response.json()).toEqual({ received: true, applied: false });
});
