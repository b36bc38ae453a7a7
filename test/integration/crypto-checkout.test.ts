/** @jest-environment node */
// Crypto checkout against a real local EVM node (Hardhat Network, emulators/evm): the price, a
// checkout bound to the buyer's wallet with an amount of its own, the payment read back with
// viem, refusals that write nothing, each transaction credited once, and nobody crediting
// another buyer's payment by its (public) hash.
import { randomBytes, randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as payment from "@/app/api/crypto/checkouts/[checkoutId]/payment/route";
import * as demoWallet from "@/app/api/crypto/demo-wallet/route";
import * as checkout from "@/app/api/crypto/plan/[planId]/checkout/route";
import { connectWallet, demoWalletProvider, sendPayment, WalletError } from "@/components/crypto-checkout/wallet";
import { FUNDED_UNITS, LOCAL_ACCOUNTS, TEST_TOKEN } from "@/emulators/evm/node";
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { DemoWalletAnswer } from "@/lib/billing/crypto/demo-account";
import type { OpenedCheckout, PaymentQuote } from "@/lib/billing/crypto/quote";
import { USD_CENTS } from "@/lib/billing/plans";
import { getDb } from "@/lib/db/client";
import { auditEvents, cryptoCheckouts, cryptoPayments, guildSettings, payments, subscriptions } from "@/lib/db/schema";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { issueTextFor } from "@/lib/validation/server-messages";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { startEvmHarness, type EvmHarness } from "@/test/evm-harness";
import { GUILD_IDS } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { setEnv, withEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";

let platform: EmulatorHarness;
let evm: EvmHarness;
let ada: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  // Every refusal below is a write; the polling browser is what the writes budget is sized for.
  setEnv({ RATE_LIMIT_WRITES_PER_MINUTE: "100000" });
  [platform, evm] = await Promise.all([startEmulatorHarness(), startEvmHarness()]);
  [ada, bjorn] = [await signedInJar(platform), await signedInJar(platform, USER_IDS.bjorn)];
}, 60_000);
afterAll(async () => {
  await Promise.all([platform.stop(), evm.stop()]);
});

const premiumUnits = BigInt(USD_CENTS.premium[1]) * 10n ** BigInt(TEST_TOKEN.decimals - 2);
const at = (plan: string, query = "") => `/api/crypto/plan/${plan}/checkout${query}`;

function price(jar: CookieJar | undefined, guildId: string, plan = "premium", period = 1) {
  return call(checkout.GET, at(plan, `?guild_id=${guildId}&period=${period}`), { jar, params: { planId: plan } });
}

function open(jar: CookieJar | undefined, body: { guild_id: string; payer?: string; period?: number }, plan = "premium", headers?: Record<string, string>) {
  return call(checkout.POST, at(plan), { method: "POST", jar, params: { planId: plan }, body: { period: 1, payer: LOCAL_ACCOUNTS.demoWallet, ...body }, headers });
}

/** A checkout `jar` opened for `guildId` (Ada's, from the DEMO wallet, by default). */
async function opened(guildId: string, options: { jar?: CookieJar; plan?: string; payer?: string } = {}): Promise<OpenedCheckout> {
  const response = await open(options.jar ?? ada, { guild_id: guildId, ...(options.payer ? { payer: options.payer } : {}) }, options.plan);
  expect(response.status).toBe(201);
  return (await response.json()) as OpenedCheckout;
}

function submit(jar: CookieJar | undefined, checkoutId: string, txHash: string, options: { chainId?: number; headers?: Record<string, string> } = {}) {
  return call(payment.POST, `/api/crypto/checkouts/${checkoutId}/payment`, { method: "POST", jar, params: { checkoutId }, body: { tx_hash: txHash, chain_id: options.chainId ?? evm.node.chainId }, headers: options.headers });
}

/** Pays a checkout's exact amount from its wallet. */
const payFor = (opened: OpenedCheckout, options: { from?: `0x${string}` } = {}) => evm.payToken(BigInt(opened.amount), { from: options.from ?? opened.payer });

async function written(guildId: string) {
  const db = await getDb();
  const [settings] = await db.select({ buffs: guildSettings.buffs }).from(guildSettings).where(eq(guildSettings.guildId, guildId));
  return {
    buffs: settings?.buffs ?? [],
    payments: (await db.select().from(cryptoPayments).where(eq(cryptoPayments.guildId, guildId))).length,
    receipts: (await db.select().from(payments).where(eq(payments.guildId, guildId))).length,
    subscriptions: await db.select().from(subscriptions).where(and(eq(subscriptions.guildId, guildId), eq(subscriptions.provider, "crypto"))),
    audit: (await db.select().from(auditEvents).where(and(eq(auditEvents.guildId, guildId), eq(auditEvents.action, "billing.update")))).length,
  };
}

async function refusal(response: Response): Promise<{ status: number; code: string; message: string }> {
  const body = (await response.json()) as { code: string; message: string; fields?: Array<{ path: string; code: string; message: string }> };
  const field = body.fields?.[0];
  return { status: response.status, code: field?.code ?? body.code, message: field?.message ?? body.message };
}

describe("the price and the checkout", () => {
  it("prices the plan in the token's smallest unit, on the configured chain, to the recipient", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const response = await price(ada, guild, "pro", 12);
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body).toMatchObject({
      plan: "pro",
      period: 12,
      chain_id: 31337,
      recipient: LOCAL_ACCOUNTS.merchant,
      asset: { kind: "token", address: evm.node.tokenAddress, symbol: "tUSD", decimals: 6 },
      amount: String(BigInt(USD_CENTS.pro[12]) * 10_000n),
      usd_cents: USD_CENTS.pro[12],
      confirmations: 1,
      demo_wallet: true,
    });
  });

  it("binds a checkout to the declared wallet, asking the price plus a few units no other checkout of that wallet was given", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const checkouts = await Promise.all(Array.from({ length: 5 }, () => opened(guild)));
    for (const entry of checkouts) {
      expect(entry).toMatchObject({ plan: "premium", period: 1, payer: LOCAL_ACCOUNTS.demoWallet, checkout_id: expect.any(String) });
      expect(BigInt(entry.amount)).toBeGreaterThan(premiumUnits);
      // Under a cent more than the price.
      expect(BigInt(entry.amount) - premiumUnits).toBeLessThan(10_000n);
      const expires = Date.parse(entry.expires_at) - Date.now();
      expect(expires).toBeGreaterThan(29 * 60_000);
      expect(expires).toBeLessThanOrEqual(30 * 60_000);
    }
    expect(new Set(checkouts.map((entry) => entry.amount)).size).toBe(checkouts.length);
    const [stored] = await (await getDb()).select().from(cryptoCheckouts).where(eq(cryptoCheckouts.id, checkouts[0]!.checkout_id));
    expect(stored).toMatchObject({ userId: USER_IDS.ada, guildId: guild, payer: LOCAL_ACCOUNTS.demoWallet.toLowerCase(), amount: checkouts[0]!.amount, txHash: null });
  });

  it("refuses signed-out callers, guilds the caller does not manage, unknown plans or periods, and a payer that is no address", async () => {
    const guild = addScratchGuild(platform, "workshop");
    for (const ask of [price, (jar: CookieJar | undefined, id: string, plan?: string, period?: number) => open(jar, { guild_id: id, ...(period ? { period } : {}) }, plan)]) {
      expect((await ask(undefined, guild)).status).toBe(401);
      expect((await ask(bjorn, guild)).status).toBe(403);
      expect((await ask(ada, GUILD_IDS.lofi)).status).toBe(403);
      expect((await ask(ada, GUILD_IDS.synthwave)).status).toBe(403);
      expect((await ask(ada, guild, "gold")).status).toBe(400);
      expect((await ask(ada, guild, "premium", 3)).status).toBe(400);
    }
    expect((await open(ada, { guild_id: guild, payer: "ada.eth" })).status).toBe(400);
  });
});

describe("paying", () => {
  it("credits a checkout's exact payment once: a crypto subscription, the payment, the buffs and the audit row", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const before = Date.now();
    const bound = await opened(guild);
    const hash = await payFor(bound);
    const response = await submit(ada, bound.checkout_id, hash);
    expect(response.status).toBe(201);
    expect(await response.json()).toMatchObject({ tx_hash: hash, from: LOCAL_ACCOUNTS.demoWallet, amount: bound.amount });
    const state = await written(guild);
    expect(state).toMatchObject({ buffs: ["premium"], payments: 1, receipts: 1, audit: 1 });
    expect(state.subscriptions).toHaveLength(1);
    const [sub] = state.subscriptions;
    expect(sub).toMatchObject({ externalId: `31337:${hash}`, plan: "premium", status: "non_renewing", userId: USER_IDS.ada, periodMonths: 1 });
    const days = (sub!.currentPeriodEnd.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31.01);

    expect(await refusal(await submit(ada, bound.checkout_id, hash))).toMatchObject({ status: 400, code: "crypto_already_credited" });
    // Another checkout (another guild of Ada's) cannot take the same transaction again.
    const elsewhere = addScratchGuild(platform, "workshop");
    const other = await opened(elsewhere);
    expect(await refusal(await submit(ada, other.checkout_id, hash.toUpperCase().replace("0X", "0x")))).toMatchObject({ code: "crypto_already_credited" });
    // A paid checkout takes no second payment.
    expect(await refusal(await submit(ada, bound.checkout_id, await payFor(bound)))).toMatchObject({ code: "crypto_checkout_used" });
    expect(await written(guild)).toMatchObject({ payments: 1, receipts: 1, audit: 1 });
    expect(await written(elsewhere)).toMatchObject({ buffs: [], payments: 0, subscriptions: [] });
  });

  it("credits one of two submissions of a checkout sent at once", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const bound = await opened(guild);
    const hash = await payFor(bound);
    const answers = await Promise.all([submit(ada, bound.checkout_id, hash), submit(ada, bound.checkout_id, hash)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 400]);
    expect(await written(guild)).toMatchObject({ payments: 1, receipts: 1, audit: 1 });
  });

  it("extends the guild's running crypto subscription of the same plan, and turns pro on for the pro plan", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const first = await opened(guild);
    expect((await submit(ada, first.checkout_id, await payFor(first))).status).toBe(201);
    const [firstSub] = (await written(guild)).subscriptions;
    const second = await opened(guild);
    expect((await submit(ada, second.checkout_id, await payFor(second))).status).toBe(201);
    const { subscriptions: rows, payments: paid } = await written(guild);
    expect(rows).toHaveLength(1);
    expect(paid).toBe(2);
    expect(rows[0]!.externalId).toBe(firstSub!.externalId);
    const added = (rows[0]!.currentPeriodEnd.getTime() - firstSub!.currentPeriodEnd.getTime()) / 86_400_000;
    expect(added).toBeGreaterThanOrEqual(28);
    expect(added).toBeLessThanOrEqual(31);

    const pro = await opened(guild, { plan: "pro" });
    expect((await submit(ada, pro.checkout_id, await payFor(pro))).status).toBe(201);
    expect((await written(guild)).buffs.sort()).toEqual(["premium", "pro"]);
  });

  it("refuses a payment on the wrong chain, to the wrong recipient, from another wallet, not the exact amount, reverted or unknown, writing nothing", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const bound = await opened(guild);
    const units = BigInt(bound.amount);
    const good = await payFor(bound);
    const cases: Array<[string, () => Promise<Response>]> = [
      ["crypto_wrong_chain", async () => submit(ada, bound.checkout_id, good, { chainId: 1 })],
      ["crypto_wrong_recipient", async () => submit(ada, bound.checkout_id, await evm.payToken(units, { to: LOCAL_ACCOUNTS.stranger }))],
      ["crypto_wrong_recipient", async () => submit(ada, bound.checkout_id, await evm.payNative(10n ** 18n))],
      ["crypto_wrong_payer", async () => submit(ada, bound.checkout_id, await evm.payToken(units, { from: LOCAL_ACCOUNTS.stranger }))],
      ["crypto_wrong_amount", async () => submit(ada, bound.checkout_id, await evm.payToken(units - 1n))],
      ["crypto_wrong_amount", async () => submit(ada, bound.checkout_id, await evm.payToken(units + 1n))],
      ["crypto_wrong_amount", async () => submit(ada, bound.checkout_id, await evm.payToken(premiumUnits))],
      ["crypto_reverted", async () => submit(ada, bound.checkout_id, await evm.payToken(FUNDED_UNITS * 10n, { gas: 100_000n }))],
      ["crypto_tx_not_found", async () => submit(ada, bound.checkout_id, `0x${randomBytes(32).toString("hex")}`)],
    ];
    for (const [code, send] of cases) expect({ code, got: await refusal(await send()) }).toMatchObject({ code, got: { status: 400, code } });
    expect(await written(guild)).toMatchObject({ buffs: [], payments: 0, receipts: 0, subscriptions: [], audit: 0 });
    // The checkout is still open to its own payment.
    expect((await submit(ada, bound.checkout_id, good)).status).toBe(201);
  });

  it("refuses a payment made before its checkout opened or after it expired", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const db = await getDb();
    const now = Date.now();
    const units = premiumUnits + 10_000n + BigInt(Math.floor(Math.random() * 1_000_000));
    const hash = await evm.payToken(units);
    const row = (openedAt: number, expiresAt: number, amount: bigint) => ({
      id: randomUUID(),
      userId: USER_IDS.ada,
      guildId: guild,
      plan: "premium",
      periodMonths: 1,
      chainId: evm.node.chainId,
      asset: evm.node.tokenAddress.toLowerCase(),
      recipient: LOCAL_ACCOUNTS.merchant.toLowerCase(),
      payer: LOCAL_ACCOUNTS.demoWallet.toLowerCase(),
      amount: amount.toString(),
      usdCents: USD_CENTS.premium[1],
      createdAt: new Date(openedAt),
      expiresAt: new Date(expiresAt),
    });
    const later = row(now + 5 * 60_000, now + 35 * 60_000, units);
    const lapsed = row(now - 40 * 60_000, now - 10 * 60_000, units + 1n);
    await db.insert(cryptoCheckouts).values([later, lapsed]);
    expect(await refusal(await submit(ada, later.id, hash))).toMatchObject({ status: 400, code: "crypto_expired" });
    expect(await refusal(await submit(ada, lapsed.id, await evm.payToken(units + 1n)))).toMatchObject({ status: 400, code: "crypto_expired" });
    expect(await written(guild)).toMatchObject({ payments: 0, subscriptions: [] });
  });

  it("refuses an unconfirmed payment (pending, or under the configured confirmations) and credits it once buried", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const bound = await opened(guild);
    await evm.automine(false);
    let hash: `0x${string}`;
    try {
      hash = await payFor(bound);
      expect(await refusal(await submit(ada, bound.checkout_id, hash))).toMatchObject({ status: 400, code: "crypto_unconfirmed" });
      await evm.mine(1);
    } finally {
      await evm.automine(true);
    }
    await withEnv({ CRYPTO_CONFIRMATIONS: "3" }, async () => {
      expect(await refusal(await submit(ada, bound.checkout_id, hash))).toMatchObject({ status: 400, code: "crypto_unconfirmed" });
      expect(await written(guild)).toMatchObject({ buffs: [], payments: 0, subscriptions: [], audit: 0 });
      await evm.mine(2);
      expect((await submit(ada, bound.checkout_id, hash)).status).toBe(201);
    });
    expect((await written(guild)).buffs).toEqual(["premium"]);
  });

  it("words refusals in the caller's language", async () => {
    const bound = await opened(addScratchGuild(platform, "workshop"));
    const response = await submit(ada, bound.checkout_id, `0x${"ab".repeat(32)}`, { headers: { [LOCALE_HEADER]: "fr" } });
    expect(await refusal(response)).toMatchObject({ status: 400, code: "crypto_tx_not_found", message: expect.stringContaining("Aucune transaction") });
  });

  it("takes a payment only from the checkout's buyer, while they manage its guild, and only signed in", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const bound = await opened(guild);
    const hash = await payFor(bound);
    expect((await submit(undefined, bound.checkout_id, hash)).status).toBe(401);
    const foreign = await submit(bjorn, bound.checkout_id, hash, { headers: { [LOCALE_HEADER]: "de" } });
    expect(await refusal(foreign)).toEqual({ status: 404, code: "crypto_checkout_not_found", message: issueTextFor("de")("crypto_checkout_not_found") });
    expect((await submit(ada, randomUUID(), hash)).status).toBe(404);
    // A checkout for a guild Ada no longer manages (she is a plain member of lofi).
    const [elsewhere] = await (await getDb())
      .insert(cryptoCheckouts)
      .values({ id: randomUUID(), userId: USER_IDS.ada, guildId: GUILD_IDS.lofi, plan: "premium", periodMonths: 1, chainId: evm.node.chainId, asset: "native", recipient: LOCAL_ACCOUNTS.merchant, payer: LOCAL_ACCOUNTS.demoWallet.toLowerCase(), amount: randomUUID().replace(/\D/g, ""), usdCents: 1, expiresAt: new Date(Date.now() + 60_000) })
      .returning();
    expect((await submit(ada, elsewhere!.id, hash)).status).toBe(403);
    expect(await written(guild)).toMatchObject({ payments: 0, subscriptions: [] });
    expect((await submit(ada, bound.checkout_id, hash)).status).toBe(201);
  });
});

describe("a payment's hash is public: nobody credits another buyer's payment with it", () => {
  it("Mallory submits Ada's hash before her, for his own checkouts: refused, nothing credited; Ada's own submission is credited", async () => {
    const adaGuild = addScratchGuild(platform, "workshop");
    const malloryGuild = addScratchGuild(platform, "synthwave");
    const mallory = bjorn;
    const adas = await opened(adaGuild);
    const hash = await payFor(adas);

    // From the chain Mallory sees Ada's transaction: its hash, her wallet, the amount.
    const own = await opened(malloryGuild, { jar: mallory, payer: LOCAL_ACCOUNTS.stranger });
    expect(await refusal(await submit(mallory, own.checkout_id, hash))).toMatchObject({ status: 400, code: "crypto_wrong_payer" });
    const posingAsAda = await opened(malloryGuild, { jar: mallory, payer: LOCAL_ACCOUNTS.demoWallet });
    expect(posingAsAda.amount).not.toBe(adas.amount);
    expect(await refusal(await submit(mallory, posingAsAda.checkout_id, hash))).toMatchObject({ status: 400, code: "crypto_wrong_amount" });
    expect((await submit(mallory, adas.checkout_id, hash)).status).toBe(404);
    expect(await written(malloryGuild)).toMatchObject({ buffs: [], payments: 0, receipts: 0, subscriptions: [], audit: 0 });
    expect(await written(adaGuild)).toMatchObject({ buffs: [], payments: 0, subscriptions: [] });

    expect((await submit(ada, adas.checkout_id, hash)).status).toBe(201);
    expect(await written(adaGuild)).toMatchObject({ buffs: ["premium"], payments: 1 });
    expect(await refusal(await submit(mallory, posingAsAda.checkout_id, hash))).toMatchObject({ code: "crypto_already_credited" });
    expect(await written(malloryGuild)).toMatchObject({ buffs: [], payments: 0 });
  });
});

describe("the DEMO wallet (npm start's local node)", () => {
  const relay = (jar: CookieJar | undefined, body: unknown) => call(demoWallet.POST, "/api/crypto/demo-wallet", { method: "POST", jar, body });
  const provider = demoWalletProvider(async (body) => (await (await relay(ada, body)).json()) as DemoWalletAnswer);

  it("pays through the browser's steps (declare the wallet, open the checkout, pay, submit) and the payment is credited", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const offer = (await (await price(ada, guild, "pro")).json()) as PaymentQuote;
    const connected = await connectWallet(provider, offer.chain_id);
    expect(connected.account).toBe(LOCAL_ACCOUNTS.demoWallet);
    const bound = (await (await open(ada, { guild_id: guild, payer: connected.account }, "pro")).json()) as OpenedCheckout;
    const hash = await sendPayment(connected, bound);
    const response = await submit(ada, bound.checkout_id, hash);
    expect(response.status).toBe(201);
    expect((await written(guild)).buffs).toEqual(["pro"]);
  });

  it("stays on the local network, sends only from its own account, relays only a payment's calls, and only for signed-in users", async () => {
    await expect(connectWallet(provider, 1)).rejects.toMatchObject({ kind: "wrong_chain" });
    await expect(connectWallet(provider, 1)).rejects.toBeInstanceOf(WalletError);
    const foreign = await (await relay(ada, { method: "eth_sendTransaction", params: [{ from: LOCAL_ACCOUNTS.stranger, to: LOCAL_ACCOUNTS.merchant, value: "0x1" }] })).json();
    expect(foreign).toMatchObject({ error: { code: 4100 } });
    expect((await relay(ada, { method: "eth_sign", params: [LOCAL_ACCOUNTS.demoWallet, "0x00"] })).status).toBe(400);
    expect((await relay(undefined, { method: "eth_chainId" })).status).toBe(401);
    await withEnv({ CRYPTO_DEMO_WALLET: "0" }, async () => {
      expect((await relay(ada, { method: "eth_chainId" })).status).toBe(404);
      expect((await (await price(ada, addScratchGuild(platform, "workshop"))).json()).demo_wallet).toBe(false);
    });
  });
});
