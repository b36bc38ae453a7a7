/** @jest-environment node */
// The purchasable rank card (spec 1): a paid payment grants it once, buying it again is
// refused, and it unlocks an uploaded background on the buyer's own card in any guild.
import { randomBytes, randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { POST as buyRankCard } from "@/app/api/users/[userId]/buy-rank-card/route";
import { POST as pluginPost } from "@/app/api/plugins/[...path]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { applyProviderSubscription } from "@/lib/billing/subscriptions";
import { grantPurchase, ownsPurchase, recordPayment, type RecordedPayment } from "@/lib/billing/purchases";
import { getDb } from "@/lib/db/client";
import { payments, userPurchases } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { callForm, imageForm } from "@/test/multipart-client";
import { call, CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
const uploadsDir = mkdtempSync(path.join(tmpdir(), "guildhall-rank-card-purchase-"));

beforeAll(async () => {
  process.env.UPLOADS_DIR = uploadsDir;
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_RENDER_UNITS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
});
afterAll(async () => {
  await harness.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

/** A user with no purchases yet: a fresh id in each test, since purchases outlive guilds. */
const someone = () => String(800_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e15)));

const payment = (userId: string, overrides: Partial<RecordedPayment> = {}): RecordedPayment => ({
  id: randomUUID(),
  provider: "stripe",
  externalId: `pi_${randomUUID()}`,
  subscriptionId: null,
  guildId: null,
  userId,
  product: "rank_card",
  amountCents: 499,
  currency: "usd",
  status: "paid",
  ...overrides,
});

async function purchasesOf(userId: string) {
  return (await getDb()).select().from(userPurchases).where(eq(userPurchases.userId, userId));
}

describe("recording a payment", () => {
  it("grants the rank card once, however often the payment is reported", async () => {
    const db = await getDb();
    const userId = someone();
    const paid = payment(userId);
    await db.transaction((tx) => recordPayment(tx, paid));
    await db.transaction((tx) => recordPayment(tx, { ...paid, id: randomUUID() }));
    const stored = await db.select().from(payments).where(and(eq(payments.provider, "stripe"), eq(payments.externalId, paid.externalId)));
    expect(stored.map((row) => row.id)).toEqual([paid.id]);
    expect((await purchasesOf(userId)).map((row) => [row.product, row.paymentId])).toEqual([["rank_card", paid.id]]);
    expect(await db.transaction((tx) => grantPurchase(tx, userId, "rank_card", "another"))).toBe(false);
    expect((await purchasesOf(userId)).map((row) => row.paymentId)).toEqual([paid.id]);
  });

  it("grants nothing for a failed payment, then grants when the same payment is reported paid", async () => {
    const db = await getDb();
    const userId = someone();
    const failed = payment(userId, { status: "failed" });
    await db.transaction((tx) => recordPayment(tx, failed));
    expect(await ownsPurchase(db, userId, "rank_card")).toBe(false);
    await db.transaction((tx) => recordPayment(tx, { ...failed, status: "paid" }));
    expect(await ownsPurchase(db, userId, "rank_card")).toBe(true);
  });

  it("grants nothing for a plan's payment", async () => {
    const db = await getDb();
    const userId = someone();
    await db.transaction((tx) => recordPayment(tx, payment(userId, { product: "premium", guildId: "900000000000000001" })));
    expect(await purchasesOf(userId)).toEqual([]);
  });
});

describe("POST /api/users/{id}/buy-rank-card", () => {
  const buy = (jar: CookieJar, userId = "@me", locale?: string) =>
    call(buyRankCard, `/api/users/${userId}/buy-rank-card`, { method: "POST", jar, params: { userId }, body: { return_path: "/en" }, headers: locale ? { "x-guildhall-locale": locale } : {} });

  async function refused(response: Response, status: number, code: string): Promise<Envelope> {
    const body = (await readBody(response)) as Envelope;
    expect({ status: response.status, code: body.code }).toEqual({ status, code });
    return body;
  }

  it("answers 503 billing_unavailable, translated, while no payment provider is configured", async () => {
    const body = await refused(await buy(ada, "@me", "es"), 503, "billing_unavailable");
    expect(body.message).toBe("Los pagos no están disponibles en este momento. Inténtalo más tarde.");
  });

  it("answers 409 already_owned to a user who has it", async () => {
    const emre = await signedInJar(harness, USER_IDS.emre);
    const db = await getDb();
    await db.transaction((tx) => grantPurchase(tx, USER_IDS.emre, "rank_card", `test-${randomUUID()}`));
    const body = await refused(await buy(emre, USER_IDS.emre, "fr"), 409, "already_owned");
    expect(body.message).toBe("Vous possédez déjà cet achat.");
  });

  it("refuses a signed-out caller and someone else's id", async () => {
    await refused(await buy(new CookieJar()), 401, "unauthorized");
    await refused(await buy(ada, USER_IDS.bjorn), 403, "forbidden");
  });
});

describe("the rank card a purchase unlocks", () => {
  let guild: string;
  let plain: Buffer;
  let custom: string;

  const card = async (userId: string, query = "") => {
    const response = await pluginCall(ada, "GET", `/levels/guilds/${guild}/rank-card/${userId}${query}`);
    expect(response.status).toBe(200);
    return Buffer.from(await response.arrayBuffer());
  };

  beforeAll(async () => {
    // Purchases belong to users, not guilds: a database kept from an earlier run may hold these members' ones.
    await (await getDb()).delete(userPurchases).where(inArray(userPurchases.userId, [USER_IDS.bjorn, USER_IDS.chen]));
    guild = addScratchGuild(harness, "workshop");
    const segments = ["levels", "guilds", guild, "rank-card", "backgrounds"];
    const form = imageForm(await sharp(randomBytes(120 * 60 * 3), { raw: { width: 120, height: 60, channels: 3 } }).png().toBuffer());
    const uploaded = (await readBody(await callForm(pluginPost, `/api/plugins/${segments.join("/")}`, form, { jar: ada, params: { path: segments } }))) as { uploads: Array<{ value: string }> };
    custom = uploaded.uploads[0]!.value;
    plain = await card(USER_IDS.bjorn, "?background=color");
    expect((await pluginCall(ada, "PATCH", `/levels/rank-card/config/${guild}`, { body: { background: custom } })).status).toBe(200);
  });

  it("draws the plain colour for a member who did not buy it, in a guild without premium; the choice stays saved", async () => {
    expect((await card(USER_IDS.bjorn)).equals(plain)).toBe(true);
    expect((await card(USER_IDS.bjorn, `?background=${encodeURIComponent(custom)}`)).equals(plain)).toBe(true);
    const config = (await readBody(await pluginCall(ada, "GET", `/levels/rank-card/config/${guild}`))) as { background: { value: string } };
    expect(config.background.value).toBe(custom);
  });

  it("draws the uploaded background on the card of a member who bought it", async () => {
    const db = await getDb();
    const buyer = USER_IDS.chen;
    const before = await card(buyer);
    await db.transaction((tx) => recordPayment(tx, payment(buyer)));
    const after = await card(buyer);
    expect(after.equals(before)).toBe(false);
    expect((await card(buyer, "?background=color")).equals(before)).toBe(true);
  });

  it("draws it for everyone in a premium guild", async () => {
    const db = await getDb();
    const premium = { provider: "crypto", externalId: `1:0x${randomUUID().replaceAll("-", "")}`, customerId: null, guildId: guild, userId: USER_IDS.ada, plan: "premium", periodMonths: 1, status: "active", currentPeriodEnd: new Date(Date.now() + 86_400_000), cancelAtPeriodEnd: false, paymentMethod: null, withCustomBot: false } as const;
    await db.transaction((tx) => applyProviderSubscription(tx, premium));
    expect((await card(USER_IDS.bjorn)).equals(plain)).toBe(false);
    await db.transaction((tx) => applyProviderSubscription(tx, { ...premium, status: "cancelled" }));
    expect((await card(USER_IDS.bjorn)).equals(plain)).toBe(true);
  });
});
