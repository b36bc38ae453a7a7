/** @jest-environment node */
// The notification centre's routes (list with keyset pages, read one, read all, seen all, counts,
// plugin alerts) and the events that feed it at their source: a teammate's save through the
// guild pipeline, a payment failing and a renewal reported by the Stripe fake's webhooks, a
// paused social alert and a failed post. A guild's events reach only the managers it has now.
import { and, eq } from "drizzle-orm";
import { GET as list } from "@/app/api/notifications/route";
import { POST as readOne } from "@/app/api/notifications/[notificationId]/read/route";
import { POST as readAll } from "@/app/api/notifications/read-all/route";
import { POST as seenAll } from "@/app/api/notifications/seen-all/route";
import { GET as unreadCount } from "@/app/api/notifications/unread-count/route";
import { GET as pluginAlerts } from "@/app/api/plugin-alerts/route";
import { GET as stripeCheckout } from "@/app/api/stripe/plans/[planId]/checkout/route";
import { FAKE_WEBHOOK_SECRET } from "@/emulators/stripe/credentials";
import { stripeSignature } from "@/emulators/stripe/signature";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { customBots, guildManagers, notifications } from "@/lib/db/schema";
import { markBlocked } from "@/lib/custom-bot/switch";
import { recordFailure } from "@/lib/deliveries/run-status";
import { addNotifications } from "@/lib/notifications/store";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { postStripeEvent, startStripeHarness } from "@/test/stripe-harness";

type View = { id: number; kind: string; guild_id: string; params: Record<string, string>; text: string; path: string; read_at: string | null; seen_at: string | null };
type Page = { notifications: View[]; next_before: number | null; unread: number; unseen: number };

let harness: EmulatorHarness;
let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
let ada: CookieJar;
let chen: CookieJar;
let bjorn: CookieJar;
let dani: CookieJar;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  stripe = await startStripeHarness();
  [ada, chen, bjorn, dani] = await Promise.all([signedInJar(harness), signedInJar(harness, USER_IDS.chen), signedInJar(harness, USER_IDS.bjorn), signedInJar(harness, USER_IDS.dani)]);
});
afterAll(async () => {
  await stripe.stop();
  await harness.stop();
});

const page = async (jar: CookieJar, query = "", locale = "en") => (await (await call(list, `/api/notifications${query}`, { jar, headers: { "x-guildhall-locale": locale } })).json()) as Page;
const readConfig = (jar: CookieJar, guild: string) => pluginCall(jar, "GET", `welcome/config/${guild}`);
const saveConfig = (jar: CookieJar, guild: string, body: Record<string, unknown>) => pluginCall(jar, "PATCH", `welcome/config/${guild}`, { body });

/** A copy of workshop (Ada owns it, Chen manages it through Maintainers, bjorn is a plain member) where Ada and Chen have opened a page. */
async function sharedGuild(): Promise<string> {
  const guild = addScratchGuild(harness, "workshop");
  for (const jar of [ada, chen]) expect((await readConfig(jar, guild)).status).toBe(200);
  expect((await readConfig(bjorn, guild)).status).toBe(403);
  return guild;
}

const about = (views: View[], guild: string) => views.filter((view) => view.guild_id === guild);

describe("a teammate's change", () => {
  it("tells the guild's other managers who changed what, never the one who saved nor a member who does not manage it", async () => {
    const guild = await sharedGuild();
    // bjorn was once known as a manager of it (a role he lost since): checked again now, he hears nothing and is forgotten.
    await (await getDb()).insert(guildManagers).values({ guildId: guild, userId: USER_IDS.bjorn });
    expect((await saveConfig(chen, guild, { join_message: "Welcome {user.mention}!" })).status).toBe(200);

    const [forAda] = about((await page(ada)).notifications, guild);
    expect(forAda).toMatchObject({ kind: "settings_changed", params: { plugin: "welcome", by_id: USER_IDS.chen }, path: `/dashboard/${guild}/welcome`, read_at: null, seen_at: null });
    expect(forAda!.text).toMatch(/^Chen Wei changed the Welcome settings in Ada's Workshop \(scratch\)\.$/);
    expect(about((await page(chen)).notifications, guild)).toEqual([]);
    expect(about((await page(bjorn)).notifications, guild)).toEqual([]);
    expect(await (await getDb()).select().from(guildManagers).where(and(eq(guildManagers.guildId, guild), eq(guildManagers.userId, USER_IDS.bjorn)))).toEqual([]);

    // Saving again while Ada has not read it adds nothing; her language words it.
    expect((await saveConfig(chen, guild, { join_message: "Hello {user.mention}!" })).status).toBe(200);
    expect(about((await page(ada)).notifications, guild)).toHaveLength(1);
    expect(about((await page(ada, "", "fr")).notifications, guild)[0]!.text).toMatch(/ a modifié les réglages Bienvenue de Ada's Workshop \(scratch\)\.$/);
  });
});

describe("the list and its marks", () => {
  let ids: number[];
  beforeAll(async () => {
    const guild = addScratchGuild(harness, "workshop");
    const db = await getDb();
    const rows = Array.from({ length: 25 }, (_, index) => ({ userId: USER_IDS.dani, kind: "delivery_failed" as const, guildId: guild, params: { plugin: "timers", reason: "channel_gone", n: String(index) } }));
    await addNotifications(db, rows);
    ids = (await db.select({ id: notifications.id }).from(notifications).where(eq(notifications.userId, USER_IDS.dani))).map((row) => row.id).sort((a, b) => b - a);
  });

  it("pages newest first with ?limit and ?before, with the counts", async () => {
    const first = await page(dani, "?limit=10");
    expect(first.notifications.map((view) => view.id)).toEqual(ids.slice(0, 10));
    expect(first).toMatchObject({ next_before: ids[9], unread: 25, unseen: 25 });
    const second = await page(dani, `?limit=10&before=${first.next_before}`);
    expect(second.notifications.map((view) => view.id)).toEqual(ids.slice(10, 20));
    const last = await page(dani, `?limit=10&before=${second.next_before}`);
    expect(last.notifications.map((view) => view.id)).toEqual(ids.slice(20));
    expect(last.next_before).toBeNull();
  });

  it("refuses a bad page in the envelope", async () => {
    for (const query of ["?limit=0", "?limit=51", "?before=abc", "?before=-1"]) {
      const response = await call(list, `/api/notifications${query}`, { jar: dani });
      expect({ query, status: response.status, envelope: isEnvelope(await readBody(response), 400) }).toEqual({ query, status: 400, envelope: true });
    }
  });

  it("seen all clears the new count and keeps them unread; read one and read all mark them read", async () => {
    const counts = async () => (await call(unreadCount, "/api/notifications/unread-count", { jar: dani })).json();
    expect(await (await call(seenAll, "/api/notifications/seen-all", { method: "POST", jar: dani })).json()).toMatchObject({ changed: 25, unread: 25, unseen: 0 });
    expect(await counts()).toEqual({ unread: 25, unseen: 0 });

    const read = await call(readOne, `/api/notifications/${ids[3]}/read`, { method: "POST", jar: dani, params: { notificationId: String(ids[3]) } });
    expect(await read.json()).toMatchObject({ notification: { id: ids[3], read_at: expect.any(String) }, unread: 24 });
    expect(await counts()).toEqual({ unread: 24, unseen: 0 });

    expect(await (await call(readAll, "/api/notifications/read-all", { method: "POST", jar: dani })).json()).toMatchObject({ changed: 24, unread: 0, unseen: 0 });
    expect((await page(dani, "?limit=50")).notifications.every((view) => view.read_at !== null)).toBe(true);
  });

  it("reads only the caller's own: another user's id is 404, an anonymous caller 401", async () => {
    const other = await call(readOne, `/api/notifications/${ids[0]}/read`, { method: "POST", jar: ada, params: { notificationId: String(ids[0]) } });
    expect({ status: other.status, code: ((await other.json()) as { code: string }).code }).toEqual({ status: 404, code: "notification_not_found" });
    expect((await call(list, "/api/notifications")).status).toBe(401);
  });
});

describe("what feeds it", () => {
  /** Ada buys Premium for a fresh copy of workshop with the fake's test card; the fake's subscription id. */
  async function bought(guild: string): Promise<string> {
    const { url } = (await (await call(stripeCheckout, `/api/stripe/plans/premium/checkout?guild_id=${guild}&period=1`, { jar: ada, params: { planId: "premium" } })).json()) as { url: string };
    await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
    return stripe.state.sessions.get(url.split("/").pop()!)!.subscription!;
  }

  /** What Stripe sends when it changed the subscription: an event naming it (the app reads it again from the fake). */
  async function stripeUpdated(subscriptionId: string) {
    const payload = JSON.stringify({ id: `evt_test${Math.random().toString(36).slice(2)}`, object: "event", type: "customer.subscription.updated", data: { object: { id: subscriptionId, object: "subscription" } }, created: 1 });
    expect((await postStripeEvent(payload, stripeSignature(payload, FAKE_WEBHOOK_SECRET))).status).toBe(200);
  }

  it("tells the buyer when Stripe reports a payment failing, then the subscription renewing", async () => {
    const guild = addScratchGuild(harness, "workshop");
    const subscriptionId = await bought(guild);
    expect(about((await page(ada)).notifications, guild)).toEqual([]);

    stripe.state.subscriptions.get(subscriptionId)!.status = "past_due";
    await stripeUpdated(subscriptionId);
    const [failed] = about((await page(ada)).notifications, guild);
    expect(failed).toMatchObject({ kind: "subscription_payment_failed", params: { plan: "premium" }, path: `/dashboard/${guild}` });
    expect(failed!.text).toBe("The payment for your Premium subscription for Ada's Workshop (scratch) failed. Update your payment method to keep it.");

    const renewed = stripe.state.subscriptions.get(subscriptionId)!;
    renewed.status = "active";
    renewed.periodEnd += 30 * 86_400;
    await stripeUpdated(subscriptionId);
    const [latest] = about((await page(ada, "", "ar")).notifications, guild);
    expect(latest).toMatchObject({ kind: "subscription_renewed", params: { plan: "premium", until: new Date(renewed.periodEnd * 1000).toISOString() } });
    expect(latest!.text).toMatch(/^تم تجديد اشتراك Premium الخاص بك في Ada's Workshop \(scratch\)\./);
    // A replayed event tells nobody again.
    const event = stripe.state.events.filter((candidate) => candidate.payload.includes(subscriptionId)).pop()!;
    await postStripeEvent(event.payload, stripeSignature(event.payload, FAKE_WEBHOOK_SECRET));
    expect(about((await page(ada)).notifications, guild)).toHaveLength(2);
  });

  it("tells the guild's managers when the platform refuses the custom bot's token, once while unread, and nobody for a guild without one", async () => {
    const guild = await sharedGuild();
    const db = await getDb();
    await db.insert(customBots).values({ guildId: guild, botUserId: "1215962284032131072", applicationId: "1215962284032131072", name: "Workshop Helper", status: "active", tokenCiphertext: "x", tokenIv: "x", tokenTag: "x", tokenKeyId: "k1" });
    await markBlocked(db, guild, USER_IDS.ada);
    await markBlocked(db, guild, USER_IDS.ada);
    for (const jar of [ada, chen]) {
      const views = about((await page(jar)).notifications, guild);
      expect(views.map((view) => [view.kind, view.path])).toEqual([["custom_bot_blocked", `/dashboard/${guild}/custom_bot`]]);
    }
    const bare = await sharedGuild();
    await markBlocked(db, bare, USER_IDS.ada);
    expect(about((await page(ada)).notifications, bare)).toEqual([]);
  });

  it("tells the guild's managers when a social alert pauses and when another post fails, and lists them as plugin alerts", async () => {
    const guild = await sharedGuild();
    const db = await getDb();
    await recordFailure(db, { guildId: guild, pluginId: "twitch", itemId: "sub-1" }, { code: "source_gone", pause: true }, new Date());
    await recordFailure(db, { guildId: guild, pluginId: "timers", itemId: "timer-1" }, { code: "channel_gone", pause: true }, new Date());
    // A failure the worker retries by itself tells nobody.
    await recordFailure(db, { guildId: guild, pluginId: "timers", itemId: "timer-2" }, { code: "platform_unavailable", pause: false }, new Date());

    for (const jar of [ada, chen]) {
      const views = about((await page(jar)).notifications, guild);
      expect(views.map((view) => [view.kind, view.params.plugin, view.params.reason])).toEqual([
        ["delivery_failed", "timers", "channel_gone"],
        ["alert_paused", "twitch", "source_gone"],
      ]);
      expect(views[1]!.text).toBe("Twitch alerts in Ada's Workshop (scratch) are paused: This account or feed no longer exists. Choose another and save.");
    }
    expect(about((await page(bjorn)).notifications, guild)).toEqual([]);

    const alerts = (await (await call(pluginAlerts, "/api/plugin-alerts?limit=50", { jar: chen })).json()) as Page;
    expect(about(alerts.notifications, guild).map((view) => view.kind)).toEqual(["delivery_failed", "alert_paused"]);
    expect(alerts.notifications.every((view) => ["alert_paused", "delivery_failed", "custom_bot_blocked"].includes(view.kind))).toBe(true);
  });
});
