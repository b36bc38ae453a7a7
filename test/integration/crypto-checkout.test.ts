/** @jest-environment node */
// Crypto checkout against a real local EVM node (Hardhat Network, emulators/evm): the quote, the
// payment read back with viem, refusals that write nothing, and each transaction credited once.
import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import * as demoWallet from "@/app/api/crypto/demo-wallet/route";
import * as checkout from "@/app/api/crypto/plan/[planId]/checkout/route";
import { connectWallet, demoWalletProvider, sendPayment, WalletError } from "@/components/crypto-checkout/wallet";
import { FUNDED_UNITS, LOCAL_ACCOUNTS, TEST_TOKEN } from "@/emulators/evm/node";
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { DemoWalletAnswer } from "@/lib/billing/crypto/demo-account";
import type { PaymentQuote } from "@/lib/billing/crypto/quote";
import { USD_CENTS } from "@/lib/billing/plans";
import { getDb } from "@/lib/db/client";
import { auditEvents, cryptoPayments, guildSettings, payments, subscriptions } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { startEvmHarness, type EvmHarness } from "@/test/evm-harness";
import { GUILD_IDS } from "@/test/guild-harness";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

let platform: EmulatorHarness;
let evm: EvmHarness;
let ada: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  [platform, evm] = await Promise.all([startEmulatorHarness(), startEvmHarness()]);
  resetEnvCache();
  [ada, bjorn] = [await signedInJar(platform), await signedInJar(platform, USER_IDS.bjorn)];
}, 30_000);
afterAll(async () => {
  await Promise.all([platform.stop(), evm.stop()]);
});

const premiumUnits = BigInt(USD_CENTS.premium[1]) * 10n ** BigInt(TEST_TOKEN.decimals - 2);
const at = (plan: string, query = "") => `/api/crypto/plan/${plan}/checkout${query}`;

function quote(jar: CookieJar | undefined, guildId: string, plan = "premium", period = 1) {
  return call(checkout.GET, at(plan, `?guild_id=${guildId}&period=${period}`), { jar, params: { planId: plan } });
}

function pay(jar: CookieJar | undefined, body: { guild_id: string; tx_hash: string; period?: number; chain_id?: number }, plan = "premium", headers?: Record<string, string>) {
  return call(checkout.POST, at(plan), { method: "POST", jar, params: { planId: plan }, body: { period: 1, chain_id: evm.node.chainId, ...body }, headers });
}

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
  const body = (await response.json()) as { fields?: Array<{ path: string; code: string; message: string }> };
  const field = body.fields?.find((entry) => entry.path === "tx_hash");
  return { status: response.status, code: field?.code ?? JSON.stringify(body), message: field?.message ?? "" };
}

describe("the quote", () => {
  it("asks the plan's USD price in the token's smallest unit, on the configured chain, to the recipient", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const response = await quote(ada, guild, "pro", 12);
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
    const expires = Date.parse(body.expires_at) - Date.now();
    expect(expires).toBeGreaterThan(29 * 60_000);
    expect(expires).toBeLessThanOrEqual(30 * 60_000);
  });

  it("refuses signed-out callers, guilds the caller does not manage, and unknown plans or periods", async () => {
    const guild = addScratchGuild(platform, "workshop");
    expect((await quote(undefined, guild)).status).toBe(401);
    expect((await quote(bjorn, guild)).status).toBe(403);
    expect((await quote(ada, GUILD_IDS.lofi)).status).toBe(403);
    expect((await quote(ada, GUILD_IDS.synthwave)).status).toBe(403);
    expect((await quote(ada, guild, "gold")).status).toBe(400);
    expect((await quote(ada, guild, "premium", 3)).status).toBe(400);
  });
});

describe("paying", () => {
  it("credits a correct token payment once: a crypto subscription, the payment, the buffs and the audit row", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const before = Date.now();
    const hash = await evm.payToken(premiumUnits);
    const response = await pay(ada, { guild_id: guild, tx_hash: hash });
    expect(response.status).toBe(201);
    const credited = await response.json();
    expect(credited).toMatchObject({ tx_hash: hash, from: LOCAL_ACCOUNTS.demoWallet, amount: premiumUnits.toString() });
    const state = await written(guild);
    expect(state).toMatchObject({ buffs: ["premium"], payments: 1, receipts: 1, audit: 1 });
    expect(state.subscriptions).toHaveLength(1);
    const [sub] = state.subscriptions;
    expect(sub).toMatchObject({ externalId: `31337:${hash}`, plan: "premium", status: "non_renewing", userId: USER_IDS.ada, periodMonths: 1 });
    const days = (sub!.currentPeriodEnd.getTime() - before) / 86_400_000;
    expect(days).toBeGreaterThanOrEqual(28);
    expect(days).toBeLessThanOrEqual(31.01);

    const again = await refusal(await pay(ada, { guild_id: guild, tx_hash: hash }));
    expect(again).toMatchObject({ status: 400, code: "crypto_already_credited" });
    const elsewhere = addScratchGuild(platform, "workshop");
    expect(await refusal(await pay(ada, { guild_id: elsewhere, tx_hash: hash.toUpperCase().replace("0X", "0x") }))).toMatchObject({ code: "crypto_already_credited" });
    expect(await written(guild)).toMatchObject({ payments: 1, receipts: 1, audit: 1 });
    expect(await written(elsewhere)).toMatchObject({ buffs: [], payments: 0, subscriptions: [] });
  });

  it("extends the guild's running crypto subscription of the same plan, and turns web3 on for the web3 plan", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const first = await evm.payToken(premiumUnits);
    expect((await pay(ada, { guild_id: guild, tx_hash: first })).status).toBe(201);
    const [firstSub] = (await written(guild)).subscriptions;
    const second = await evm.payToken(premiumUnits);
    expect((await pay(ada, { guild_id: guild, tx_hash: second })).status).toBe(201);
    const { subscriptions: rows, payments: paid } = await written(guild);
    expect(rows).toHaveLength(1);
    expect(paid).toBe(2);
    expect(rows[0]!.externalId).toBe(firstSub!.externalId);
    const added = (rows[0]!.currentPeriodEnd.getTime() - firstSub!.currentPeriodEnd.getTime()) / 86_400_000;
    expect(added).toBeGreaterThanOrEqual(28);
    expect(added).toBeLessThanOrEqual(31);

    const web3 = await evm.payToken(BigInt(USD_CENTS.web3[1]) * 10_000n);
    expect((await pay(ada, { guild_id: guild, tx_hash: web3 }, "web3")).status).toBe(201);
    expect((await written(guild)).buffs.sort()).toEqual(["premium", "web3"]);
  });

  it("refuses a payment on the wrong chain, to the wrong recipient, short, reverted or unknown, writing nothing", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const good = await evm.payToken(premiumUnits);
    const cases: Array<[string, () => Promise<Response>]> = [
      ["crypto_wrong_chain", async () => pay(ada, { guild_id: guild, tx_hash: good, chain_id: 1 })],
      ["crypto_wrong_recipient", async () => pay(ada, { guild_id: guild, tx_hash: await evm.payToken(premiumUnits, { to: LOCAL_ACCOUNTS.stranger }) })],
      ["crypto_wrong_recipient", async () => pay(ada, { guild_id: guild, tx_hash: await evm.payNative(10n ** 18n) })],
      ["crypto_wrong_amount", async () => pay(ada, { guild_id: guild, tx_hash: await evm.payToken(premiumUnits - 1n) })],
      ["crypto_wrong_amount", async () => pay(ada, { guild_id: guild, tx_hash: good }, "pro")],
      ["crypto_reverted", async () => pay(ada, { guild_id: guild, tx_hash: await evm.payToken(FUNDED_UNITS * 10n, { gas: 100_000n }) })],
      ["crypto_tx_not_found", async () => pay(ada, { guild_id: guild, tx_hash: `0x${randomBytes(32).toString("hex")}` })],
    ];
    for (const [code, send] of cases) expect({ code, got: await refusal(await send()) }).toMatchObject({ code, got: { status: 400, code } });
    expect(await written(guild)).toMatchObject({ buffs: [], payments: 0, receipts: 0, subscriptions: [], audit: 0 });
  });

  it("refuses an unconfirmed payment (pending, or under the configured confirmations) and credits it once buried", async () => {
    const guild = addScratchGuild(platform, "workshop");
    await evm.automine(false);
    let hash: `0x${string}`;
    try {
      hash = await evm.payToken(premiumUnits);
      expect(await refusal(await pay(ada, { guild_id: guild, tx_hash: hash }))).toMatchObject({ status: 400, code: "crypto_unconfirmed" });
      await evm.mine(1);
    } finally {
      await evm.automine(true);
    }
    process.env.CRYPTO_CONFIRMATIONS = "3";
    resetEnvCache();
    try {
      expect(await refusal(await pay(ada, { guild_id: guild, tx_hash: hash }))).toMatchObject({ status: 400, code: "crypto_unconfirmed" });
      expect(await written(guild)).toMatchObject({ buffs: [], payments: 0, subscriptions: [], audit: 0 });
      await evm.mine(2);
      expect((await pay(ada, { guild_id: guild, tx_hash: hash })).status).toBe(201);
    } finally {
      process.env.CRYPTO_CONFIRMATIONS = "1";
      resetEnvCache();
    }
    expect((await written(guild)).buffs).toEqual(["premium"]);
  });

  it("words refusals in the caller's language", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const response = await pay(ada, { guild_id: guild, tx_hash: `0x${"ab".repeat(32)}` }, "premium", { "x-guildhall-locale": "fr" });
    expect(await refusal(response)).toMatchObject({ status: 400, code: "crypto_tx_not_found", message: expect.stringContaining("Aucune transaction") });
  });

  it("refuses signed-out callers and guilds the caller does not manage before reading the chain", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const hash = await evm.payToken(premiumUnits);
    expect((await pay(undefined, { guild_id: guild, tx_hash: hash })).status).toBe(401);
    expect((await pay(bjorn, { guild_id: guild, tx_hash: hash })).status).toBe(403);
    expect((await pay(ada, { guild_id: GUILD_IDS.lofi, tx_hash: hash })).status).toBe(403);
    expect(await written(guild)).toMatchObject({ payments: 0, subscriptions: [] });
    expect((await pay(ada, { guild_id: guild, tx_hash: hash })).status).toBe(201);
  });
});

describe("the DEMO wallet (npm start's local node)", () => {
  const relay = (jar: CookieJar | undefined, body: unknown) => call(demoWallet.POST, "/api/crypto/demo-wallet", { method: "POST", jar, body });
  const provider = demoWalletProvider(async (body) => (await (await relay(ada, body)).json()) as DemoWalletAnswer);

  it("pays through the browser's steps (viem wallet client over EIP-1193) and the payment is credited", async () => {
    const guild = addScratchGuild(platform, "workshop");
    const offer = (await (await quote(ada, guild, "web3")).json()) as PaymentQuote;
    const connected = await connectWallet(provider, offer.chain_id);
    expect(connected.account).toBe(LOCAL_ACCOUNTS.demoWallet);
    const hash = await sendPayment(connected, offer);
    const response = await pay(ada, { guild_id: guild, tx_hash: hash }, "web3");
    expect(response.status).toBe(201);
    expect((await written(guild)).buffs).toEqual(["web3"]);
  });

  it("stays on the local network, sends only from its own account, relays only a payment's calls, and only for signed-in users", async () => {
    await expect(connectWallet(provider, 1)).rejects.toMatchObject({ kind: "wrong_chain" });
    await expect(connectWallet(provider, 1)).rejects.toBeInstanceOf(WalletError);
    const foreign = await (await relay(ada, { method: "eth_sendTransaction", params: [{ from: LOCAL_ACCOUNTS.stranger, to: LOCAL_ACCOUNTS.merchant, value: "0x1" }] })).json();
    expect(foreign).toMatchObject({ error: { code: 4100 } });
    expect((await relay(ada, { method: "eth_sign", params: [LOCAL_ACCOUNTS.demoWallet, "0x00"] })).status).toBe(400);
    expect((await relay(undefined, { method: "eth_chainId" })).status).toBe(401);
    process.env.CRYPTO_DEMO_WALLET = "0";
    resetEnvCache();
    try {
      expect((await relay(ada, { method: "eth_chainId" })).status).toBe(404);
      expect((await (await quote(ada, addScratchGuild(platform, "workshop"))).json()).demo_wallet).toBe(false);
    } finally {
      process.env.CRYPTO_DEMO_WALLET = "1";
      resetEnvCache();
    }
  });
});
