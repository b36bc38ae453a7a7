/** @jest-environment node */
// The Credits plugin against the platform emulator and real databases: the balance and its
// ledger read in pages; 50 spends at once against a balance that pays for fewer (on PGlite and
// on PostgreSQL) — exactly that many succeed, the balance never goes below zero and the ledger
// adds up to it; an advertisement posted in the channel and paid for; a post the platform
// refuses refunded as its own line; bad input, another guild's channel and too few credits
// refused in the envelope, in the caller's language, charging nothing.
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { addCredits, creditBalance, spendCredits } from "@/lib/credits/ledger";
import { ADVERTISEMENT_COST } from "@/lib/credits/advertisement";
import { CreditError } from "@/lib/credits/errors";
import { getDb, type Db } from "@/lib/db/client";
import { openDb, type DbHandle } from "@/lib/db/open";
import { creditBalances, creditLedger } from "@/lib/db/schema";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { guildRefs } from "@/test/guild-harness";
import { startPostgresHarness, type PostgresHarness } from "@/test/postgres-harness";
import { startStripeHarness } from "@/test/stripe-harness";
import { recordPayment } from "@/lib/billing/purchases";
import { CREDIT_PACK_SIZE } from "@/lib/credits/purchase";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, freshSnowflake } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;
let channel: string;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop", "Credit hall");
  channel = (await guildRefs(guild)).channel;
  ada = await signedInJar(harness);
});
afterAll(() => harness.stop());

async function json<T = Record<string, unknown>>(response: Response, expected: number): Promise<T> {
  const body = await readBody(response);
  if (response.status !== expected) throw new Error(`expected ${expected}, got ${response.status}: ${JSON.stringify(body)}`);
  return body as T;
}

const give = async (guildId: string, amount: number, db?: Db) => (db ?? (await getDb())).transaction((tx) => addCredits(tx, { guildId, amount, reason: "grant", actorId: USER_IDS.sam, note: "test" }));

type Credits = { balance: number; ledger: Array<{ id: string; amount: number; reason: string; actor_id: string | null; note: string | null }>; next_before: string | null };
const readCredits = async (guildId = guild, query = "") => json<Credits>(await pluginCall(ada, "GET", `/credits/guilds/${guildId}/credits${query}`), 200);
const sendAd = (body: Record<string, unknown>, guildId = guild, headers?: Record<string, string>) => pluginCall(ada, "POST", `/credits/guilds/${guildId}/send_advertisement`, { body, ...(headers && { headers }) });
const ad = (extra: Record<string, unknown> = {}) => ({ channel_id: channel, category: "gaming", title: "Join the Workshop league", text: "Weekly tournaments, all levels welcome.", ...extra });

/** 50 spends of 3 at once against 100 credits (33 fit): each in its own transaction. */
async function raceSpends(db: Db, guildId: string) {
  await give(guildId, 100, db);
  const outcomes = await Promise.allSettled(Array.from({ length: 50 }, () => db.transaction((tx) => spendCredits(tx, { guildId, cost: 3, reason: "advertisement", actorId: USER_IDS.ada }))));
  const won = outcomes.filter((outcome) => outcome.status === "fulfilled");
  const lost = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  expect(won).toHaveLength(33);
  expect(lost.every((outcome) => outcome instanceof Object && outcome.reason instanceof CreditError && outcome.reason.code === "credits_insufficient")).toBe(true);
  const [row] = await db.select().from(creditBalances).where(eq(creditBalances.guildId, guildId));
  const lines = await db.select().from(creditLedger).where(eq(creditLedger.guildId, guildId));
  expect(row!.balance).toBe(1);
  expect(lines.reduce((sum, line) => sum + line.amount, 0)).toBe(row!.balance);
  expect(lines.filter((line) => line.amount < 0)).toHaveLength(33);
}

describe("the ledger", () => {
  it("answers an unknown guild's balance as 0 with an empty ledger", async () => {
    expect(await readCredits()).toEqual({ balance: 0, ledger: [], next_before: null });
  });

  it("lists every credit and debit newest first, in pages that add up to the balance", async () => {
    const scratch = addScratchGuild(harness, "workshop", "Paged credits");
    for (const amount of [5, 7, 11]) await give(scratch, amount);
    const db = await getDb();
    await db.transaction((tx) => spendCredits(tx, { guildId: scratch, cost: 4, reason: "advertisement", actorId: USER_IDS.ada }));
    const first = await readCredits(scratch, "?limit=3");
    expect(first.balance).toBe(19);
    expect(first.ledger.map((line) => [line.amount, line.reason])).toEqual([
      [-4, "advertisement"],
      [11, "grant"],
      [7, "grant"],
    ]);
    expect(first.next_before).toBe(first.ledger[2]!.id);
    const second = await readCredits(scratch, `?limit=3&before=${first.next_before}`);
    expect(second.ledger.map((line) => line.amount)).toEqual([5]);
    expect(second.next_before).toBeNull();
    expect([...first.ledger, ...second.ledger].reduce((sum, line) => sum + line.amount, 0)).toBe(first.balance);
  });

  it("refuses a bad page query in the envelope", async () => {
    const refused = await json<Envelope>(await pluginCall(ada, "GET", `/credits/guilds/${guild}/credits?limit=0&before=x`), 400);
    expect(refused.code).toBe("validation_failed");
    expect(refused.fields!.map((field) => field.path).sort()).toEqual(["before", "limit"]);
  });

  it("never goes below zero: of 50 spends at once on PGlite, exactly those the balance pays for succeed", async () => {
    await raceSpends(await getDb(), freshSnowflake());
  });

  it("refuses, in the database itself, a balance below zero", async () => {
    const scratch = freshSnowflake();
    await give(scratch, 2);
    const db = await getDb();
    const refused: unknown = await db
      .update(creditBalances)
      .set({ balance: -1 })
      .where(eq(creditBalances.guildId, scratch))
      .then(() => null, (error: unknown) => error);
    expect(String((refused as { cause?: { message?: string } } | null)?.cause?.message)).toMatch(/credit_balances_not_negative/);
  });
});

describe("the ledger on PostgreSQL", () => {
  let postgres: PostgresHarness;
  let handle: DbHandle;
  beforeAll(async () => {
    postgres = await startPostgresHarness();
    handle = await openDb({ databaseUrl: postgres.url, pgliteDir: "" });
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    await postgres?.stop();
  });

  it("never goes below zero: of 50 spends at once over a pool of connections, exactly those the balance pays for succeed", async () => {
    await raceSpends(handle.db, freshSnowflake());
  });
});

describe("send_advertisement", () => {
  const posted = (messageId: string) => harness.emulator.messages(channel).find((message) => message.id === messageId);

  it("posts the advertisement in the channel and takes its cost once", async () => {
    await give(guild, 25);
    const sent = await json<{ message_id: string; channel_id: string; balance: number }>(await sendAd(ad()), 200);
    expect(sent).toMatchObject({ channel_id: channel, balance: 25 - ADVERTISEMENT_COST });
    expect(posted(sent.message_id)?.embeds).toEqual([expect.objectContaining({ title: "Join the Workshop league", description: "Weekly tournaments, all levels welcome.", footer: expect.objectContaining({ text: "#gaming" }) })]);
    const credits = await readCredits();
    expect(credits.balance).toBe(25 - ADVERTISEMENT_COST);
    expect(credits.ledger[0]).toMatchObject({ amount: -ADVERTISEMENT_COST, reason: "advertisement", actor_id: USER_IDS.ada, note: `gaming · #${channel}` });
  });

  it("gives the cost back as its own line when the platform refuses the post", async () => {
    const before = await readCredits();
    harness.emulator.injectFault({ path: "/messages", method: "POST", status: 503, count: 100 });
    const refused = await json<Envelope>(await sendAd(ad()), 502);
    harness.emulator.clearFaults();
    expect(refused.code).toBe("post_failed");
    const after = await readCredits();
    expect(after.balance).toBe(before.balance);
    expect(after.ledger.slice(0, 2).map((line) => [line.amount, line.reason])).toEqual([
      [ADVERTISEMENT_COST, "refund"],
      [-ADVERTISEMENT_COST, "advertisement"],
    ]);
  });

  it("refuses too few credits with 402 in the caller's language, posting and charging nothing", async () => {
    const poor = addScratchGuild(harness, "workshop", "Poor hall");
    const poorChannel = (await guildRefs(poor)).channel;
    await give(poor, ADVERTISEMENT_COST - 1);
    const before = harness.emulator.messages(poorChannel).length;
    const refused = await json<Envelope>(await sendAd(ad({ channel_id: poorChannel }), poor, { "accept-language": "fr" }), 402);
    expect(refused).toMatchObject({ code: "credits_insufficient", status_code: 402 });
    expect(refused.message).toMatch(/crédits/);
    expect(harness.emulator.messages(poorChannel)).toHaveLength(before);
    expect(await readCredits(poor)).toMatchObject({ balance: ADVERTISEMENT_COST - 1 });
  });

  it("refuses bad input, another guild's channel and another guild, charging nothing", async () => {
    const before = (await readCredits()).balance;
    const bad = await json<Envelope>(await sendAd({ channel_id: channel, category: "politics", title: "", text: "x".repeat(4097) }), 400);
    expect(bad.fields!.map((field) => field.path).sort()).toEqual(["category", "text", "title"]);
    const otherChannel = (await guildRefs(GUILD_IDS.lofi)).channel;
    expect((await json<Envelope>(await sendAd(ad({ channel_id: otherChannel })), 400)).code).toBe("invalid_channel");
    expect((await json<Envelope>(await sendAd(ad(), GUILD_IDS.synthwave), 403)).code).toBe("guild_forbidden");
    expect((await json<Envelope>(await sendAd({ ...ad(), extra: 1 }), 400)).code).toBe("validation_failed");
    expect((await readCredits()).balance).toBe(before);
  });
});

describe("buying a pack of credits", () => {
  let stripe: Awaited<ReturnType<typeof startStripeHarness>>;
  beforeAll(async () => {
    stripe = await startStripeHarness();
  });
  afterAll(() => stripe.stop());

  it("opens the provider's checkout; the paid checkout's webhook credits the guild once", async () => {
    const buyer = addScratchGuild(harness, "workshop", "Buying hall");
    const { url } = await json<{ url: string }>(await pluginCall(ada, "POST", `/credits/guilds/${buyer}/buy`), 200);
    expect(url).toMatch(new RegExp(`^${stripe.url}/c/pay/cs_test_`));
    const paid = await fetch(url, { method: "POST", body: new URLSearchParams({ card_number: "4242 4242 4242 4242", card_expiry: "12/34", card_cvc: "123" }), redirect: "manual" });
    expect(paid.status).toBe(302);
    expect(paid.headers.get("location")).toMatch(new RegExp(`/en/dashboard/${buyer}/credits\\?purchase=cs_test_`));
    const credits = await readCredits(buyer);
    expect(credits.balance).toBe(CREDIT_PACK_SIZE);
    expect(credits.ledger).toEqual([expect.objectContaining({ amount: CREDIT_PACK_SIZE, reason: "purchase", actor_id: USER_IDS.ada })]);
  });

  it("credits a payment reported twice (a webhook delivered again) once, and a pack naming no guild nowhere", async () => {
    const guildId = freshSnowflake();
    const db = await getDb();
    const payment = { id: randomUUID(), provider: "stripe" as const, externalId: `cs_test_${randomUUID()}`, subscriptionId: null, guildId, userId: USER_IDS.ada, product: "credit_pack", amountCents: 500, currency: "usd", status: "paid" };
    await db.transaction((tx) => recordPayment(tx, payment));
    await db.transaction((tx) => recordPayment(tx, { ...payment, id: randomUUID() }));
    await db.transaction((tx) => recordPayment(tx, { ...payment, id: randomUUID(), externalId: `cs_test_${randomUUID()}`, guildId: null }));
    expect(await db.select().from(creditLedger).where(eq(creditLedger.guildId, guildId))).toHaveLength(1);
    expect(await creditBalance(db, guildId)).toBe(CREDIT_PACK_SIZE);
  });
});
