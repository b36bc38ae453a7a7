/** @jest-environment node */
// The buyer moves a guild's premium or web3 subscription to another guild they manage
// (POST /api/guilds/transfer-premium, /transfer-web3): both guilds checked, all or nothing.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { POST as transferPremium } from "@/app/api/guilds/transfer-premium/route";
import { POST as transferWeb3 } from "@/app/api/guilds/transfer-web3/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { ProviderSubscription } from "@/lib/billing/provider-contract";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { getDb } from "@/lib/db/client";
import { auditEvents, guildSettings, subscriptions } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS } from "@/test/guild-harness";
import { call, CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
const LATER = new Date(Date.now() + 30 * 86_400_000);

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
});
afterAll(() => harness.stop());

/** Two guilds Ada owns, fresh for each test. */
const twoGuilds = () => [addScratchGuild(harness, "workshop", "Workshop A"), addScratchGuild(harness, "workshop", "Night Owls")] as const;

/** A crypto plan paid for `guildId` (the provider nobody calls: the app's record is the subscription). */
async function bought(guildId: string, overrides: Partial<ProviderSubscription> = {}): Promise<string> {
  const db = await getDb();
  const row = await db.transaction((tx) =>
    applyProviderSubscription(tx, {
      provider: "crypto",
      externalId: `1:0x${randomUUID().replaceAll("-", "")}`,
      customerId: null,
      guildId,
      userId: USER_IDS.ada,
      plan: "premium",
      periodMonths: 1,
      status: "active",
      currentPeriodEnd: LATER,
      cancelAtPeriodEnd: false,
      paymentMethod: null,
      withCustomBot: false,
      ...overrides,
    }),
  );
  return row.id;
}

async function buffsOf(guildId: string): Promise<string[]> {
  const [row] = await (await getDb()).select({ buffs: guildSettings.buffs }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
  return [...(row?.buffs ?? [])].sort();
}

const post = (handler: typeof transferPremium, body: unknown, jar: CookieJar = ada, locale?: string) =>
  call(handler, "/api/guilds/transfer", { method: "POST", jar, body, headers: locale ? { "x-guildhall-locale": locale } : {} });

async function refusal(response: Response, status: number, code: string): Promise<Envelope> {
  const body = (await readBody(response)) as Envelope;
  expect({ status: response.status, code: body.code }).toEqual({ status, code });
  return body;
}

describe("a transfer the buyer may make", () => {
  it("moves a premium plan to the other guild: buffs, stored guild and an audit row in each guild", async () => {
    const [origin, target] = twoGuilds();
    const id = await bought(origin);
    const response = await post(transferPremium, { origin_guild_id: origin, target_guild_id: target });
    expect(response.status).toBe(200);
    expect(await readBody(response)).toMatchObject({ subscription_id: id, guild_id: target, plan: "premium" });
    expect([await buffsOf(origin), await buffsOf(target)]).toEqual([[], ["premium"]]);
    const db = await getDb();
    const [row] = await db.select().from(subscriptions).where(eq(subscriptions.id, id));
    expect(row).toMatchObject({ guildId: target, status: "active", currentPeriodEnd: LATER });
    for (const guildId of [origin, target]) {
      const audit = await db.select().from(auditEvents).where(eq(auditEvents.guildId, guildId)).orderBy(auditEvents.id);
      expect(audit.at(-1)).toMatchObject({ action: "billing.update", target: `subscription:${id}`, before: { guild_id: origin }, after: { guild_id: target } });
    }
  });

  it("moves a web3 plan and leaves the origin's premium where it is", async () => {
    const [origin, target] = twoGuilds();
    await bought(origin);
    await bought(origin, { plan: "web3" });
    expect((await post(transferWeb3, { origin_guild_id: origin, target_guild_id: target })).status).toBe(200);
    expect([await buffsOf(origin), await buffsOf(target)]).toEqual([["premium"], ["web3"]]);
  });
});

describe("refused transfers change nothing", () => {
  async function unchanged(origin: string, target: string, send: () => Promise<Response>, status: number, code: string) {
    const db = await getDb();
    const before = [await buffsOf(origin), await buffsOf(target), await db.select().from(subscriptions).where(eq(subscriptions.guildId, origin))];
    const body = await refusal(await send(), status, code);
    expect([await buffsOf(origin), await buffsOf(target), await db.select().from(subscriptions).where(eq(subscriptions.guildId, origin))]).toEqual(before);
    return body;
  }

  it("the same guild twice", async () => {
    const [origin] = twoGuilds();
    await bought(origin);
    await unchanged(origin, origin, () => post(transferPremium, { origin_guild_id: origin, target_guild_id: origin }), 400, "transfer_same_guild");
  });

  it("an origin without that plan (a lapsed one does not count), in the caller's language", async () => {
    const [origin, target] = twoGuilds();
    await bought(origin, { status: "cancelled" });
    await bought(origin, { plan: "web3" });
    const body = await unchanged(origin, target, () => post(transferPremium, { origin_guild_id: origin, target_guild_id: target }, ada, "fr"), 409, "transfer_nothing_to_move");
    expect(body.message).toBe("Ce serveur n’a pas d’offre active de ce type à déplacer.");
  });

  it("a target that already has the plan", async () => {
    const [origin, target] = twoGuilds();
    await bought(origin);
    await bought(target, { plan: "bundle" });
    await unchanged(origin, target, () => post(transferPremium, { origin_guild_id: origin, target_guild_id: target }), 409, "transfer_target_has_plan");
  });

  it("a plan someone else bought", async () => {
    const [origin, target] = twoGuilds();
    await bought(origin, { userId: USER_IDS.bjorn });
    await unchanged(origin, target, () => post(transferPremium, { origin_guild_id: origin, target_guild_id: target }), 403, "transfer_not_buyer");
  });

  it("a guild the caller does not manage, as origin or as target, named in the refusal", async () => {
    const [origin] = twoGuilds();
    await bought(origin);
    for (const other of [GUILD_IDS.lofi, GUILD_IDS.synthwave]) {
      const asTarget = await unchanged(origin, other, () => post(transferPremium, { origin_guild_id: origin, target_guild_id: other }, ada, "de"), 403, "guild_forbidden");
      expect(asTarget.fields).toEqual([expect.objectContaining({ path: "target_guild_id", code: "guild_not_managed", message: "Du brauchst auf diesem Server die Berechtigung „Server verwalten“." })]);
      const asOrigin = await refusal(await post(transferPremium, { origin_guild_id: other, target_guild_id: origin }), 403, "guild_forbidden");
      expect(asOrigin.fields?.map((field) => field.path)).toEqual(["origin_guild_id"]);
    }
  });

  it("a signed-out caller, and a body that is not two guild ids", async () => {
    const [origin, target] = twoGuilds();
    await refusal(await post(transferPremium, { origin_guild_id: origin, target_guild_id: target }, new CookieJar()), 401, "unauthorized");
    await refusal(await post(transferPremium, { origin_guild_id: origin }), 400, "validation_failed");
    await refusal(await post(transferPremium, { origin_guild_id: origin, target_guild_id: "x", plan: "premium" }), 400, "validation_failed");
  });
});

describe("racing transfers", () => {
  it("of one plan to two guilds at once: one wins, the other is refused, the buff is given once", async () => {
    const [origin, first] = twoGuilds();
    const second = addScratchGuild(harness, "workshop");
    await bought(origin);
    const responses = await Promise.all([first, second].map((target) => post(transferPremium, { origin_guild_id: origin, target_guild_id: target })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    await refusal(responses.find((response) => response.status === 409)!, 409, "transfer_nothing_to_move");
    const buffs = [await buffsOf(origin), await buffsOf(first), await buffsOf(second)];
    expect(buffs.flat()).toEqual(["premium"]);
    expect(buffs[0]).toEqual([]);
  });

  it("of two plans onto one guild at once: only one lands", async () => {
    const [a, target] = twoGuilds();
    const b = addScratchGuild(harness, "workshop");
    await bought(a);
    await bought(b);
    const responses = await Promise.all([a, b].map((origin) => post(transferPremium, { origin_guild_id: origin, target_guild_id: target })));
    expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
    await refusal(responses.find((response) => response.status === 409)!, 409, "transfer_target_has_plan");
    expect([await buffsOf(a), await buffsOf(b), await buffsOf(target)].flat()).toEqual(["premium", "premium"]);
    const db = await getDb();
    expect(await db.select().from(subscriptions).where(eq(subscriptions.guildId, target))).toHaveLength(1);
  });
});
