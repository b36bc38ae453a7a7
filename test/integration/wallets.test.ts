/** @jest-environment node */
// Linking wallets by Sign-In with Ethereum (EIP-4361, viem/siwe) against a real local chain
// (Hardhat Network, emulators/evm): a message signed with a local account's key links it; a
// replayed nonce, another site's domain, another chain, someone else's nonce and a bad signature
// are refused in the envelope, worded in the caller's language, and link nothing; the DEMO wallet
// signs through its relay; unlinking. Then the transactions list (paging, sort, order, types, polling).
import { randomUUID } from "node:crypto";
import { and, eq, inArray, or } from "drizzle-orm";
import { createWalletClient, custom, type Hex } from "viem";
import { privateKeyToAccount } from "viem/accounts";
import { createSiweMessage } from "viem/siwe";
import * as demoWallet from "@/app/api/crypto/demo-wallet/route";
import * as nonceRoute from "@/app/api/crypto/users/[userId]/nonce/route";
import * as transactionsRoute from "@/app/api/crypto/users/[userId]/transactions/route";
import * as wallet from "@/app/api/crypto/users/[userId]/wallets/[address]/route";
import * as walletsRoute from "@/app/api/crypto/users/[userId]/wallets/route";
import { demoWalletProvider } from "@/components/crypto-checkout/wallet";
import { LOCAL_ACCOUNTS } from "@/emulators/evm/node";
import { USER_IDS } from "@/emulators/platform/data/ids";
import type { DemoWalletAnswer } from "@/lib/billing/crypto/demo-account";
import { getDb } from "@/lib/db/client";
import { cryptoCheckouts, userWallets, walletNonces } from "@/lib/db/schema";
import { getEnv } from "@/lib/env";
import { LOCALE_HEADER } from "@/lib/http/api-locale";
import { issueTextFor } from "@/lib/validation/server-messages";
import type { SiweChallenge } from "@/lib/wallets/siwe";
import type { TransactionPage } from "@/lib/wallets/transactions";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { LOCAL_KEYS, startEvmHarness, type EvmHarness } from "@/test/evm-harness";
import { call, type CookieJar } from "@/test/route-client";
import { setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";


let platform: EmulatorHarness;
let evm: EvmHarness;
let ada: CookieJar;
let bjorn: CookieJar;

beforeAll(async () => {
  setEnv({ RATE_LIMIT_WRITES_PER_MINUTE: "100000", RATE_LIMIT_READS_PER_MINUTE: "100000" });
  [platform, evm] = await Promise.all([startEmulatorHarness(), startEvmHarness()]);
  [ada, bjorn] = [await signedInJar(platform), await signedInJar(platform, USER_IDS.bjorn)];
}, 60_000);
afterAll(async () => {
  await Promise.all([platform.stop(), evm.stop()]);
});

const me = { userId: "@me" };

async function challenge(jar: CookieJar): Promise<SiweChallenge> {
  const response = await call(nonceRoute.POST, "/api/crypto/users/@me/nonce", { method: "POST", jar, params: me });
  expect(response.status).toBe(201);
  return (await response.json()) as SiweChallenge;
}

/** The EIP-4361 message for `address` from a challenge, with any field overridden. */
function siweMessage(given: SiweChallenge, address: `0x${string}`, changes: Partial<Parameters<typeof createSiweMessage>[0]> = {}): string {
  return createSiweMessage({
    address,
    domain: given.domain,
    uri: given.uri,
    chainId: given.chain_id,
    nonce: given.nonce,
    version: "1",
    statement: "Link this wallet to my Guildhall account.",
    issuedAt: new Date(given.issued_at),
    expirationTime: new Date(given.expiration_time),
    ...changes,
  });
}

const signWith = (key: Hex, message: string) => privateKeyToAccount(key).signMessage({ message });

function link(jar: CookieJar, message: string, signature: string, headers?: Record<string, string>) {
  return call(walletsRoute.POST, "/api/crypto/users/@me/wallets", { method: "POST", jar, params: me, body: { message, signature }, headers });
}

async function linked(jar: CookieJar): Promise<string[]> {
  const response = await call(walletsRoute.GET, "/api/crypto/users/@me/wallets", { jar, params: me });
  expect(response.status).toBe(200);
  return ((await response.json()) as { wallets: Array<{ address: string }> }).wallets.map((entry) => entry.address);
}

async function refusal(response: Response) {
  const body = (await response.json()) as { code: string; status_code: number; message: string; error: { message: string } };
  expect(body.status_code).toBe(response.status);
  expect(body.error.message).toBe(body.message);
  return { status: response.status, code: body.code, message: body.message };
}

const unlink = (jar: CookieJar, address: string) => call(wallet.DELETE, `/api/crypto/users/@me/wallets/${address}`, { method: "DELETE", jar, params: { ...me, address } });

describe("linking a wallet with Sign-In with Ethereum", () => {
  afterEach(async () => {
    await (await getDb()).delete(userWallets);
  });

  it("hands out a single-use nonce for this site and the configured chain, stored with the user", async () => {
    const given = await challenge(ada);
    const app = new URL(getEnv().APP_URL);
    expect(given).toMatchObject({ domain: app.host, uri: app.origin, chain_id: evm.node.chainId, version: "1" });
    expect(given.nonce).toMatch(/^[a-zA-Z0-9]{8,}$/);
    const [row] = await (await getDb()).select().from(walletNonces).where(eq(walletNonces.nonce, given.nonce));
    expect(row).toMatchObject({ userId: USER_IDS.ada, usedAt: null });
    expect(row!.expiresAt.getTime() - Date.now()).toBeGreaterThan(9 * 60_000);
  });

  it("links the wallet whose key signed the message, once: the same message again is refused", async () => {
    const given = await challenge(ada);
    const message = siweMessage(given, LOCAL_ACCOUNTS.stranger);
    const signature = await signWith(LOCAL_KEYS.stranger, message);
    const first = await link(ada, message, signature);
    expect(first.status).toBe(201);
    expect(await first.json()).toMatchObject({ address: LOCAL_ACCOUNTS.stranger, chain_id: evm.node.chainId });
    expect(await linked(ada)).toEqual([LOCAL_ACCOUNTS.stranger]);

    const replayed = await refusal(await link(ada, message, signature));
    expect(replayed).toMatchObject({ status: 400, code: "siwe_nonce_invalid" });
    const [row] = await (await getDb()).select().from(walletNonces).where(eq(walletNonces.nonce, given.nonce));
    expect(row!.usedAt).toBeInstanceOf(Date);
  });

  it("refuses another site's domain or URI, another chain, someone else's nonce, an expired message and a bad signature, in the caller's language, linking nothing", async () => {
    const given = await challenge(ada);
    const cases: Array<{ message: string; key?: Hex; code: string; params?: Record<string, number> }> = [
      { message: siweMessage(given, LOCAL_ACCOUNTS.stranger, { domain: "evil.example" }), code: "siwe_wrong_domain" },
      { message: siweMessage(given, LOCAL_ACCOUNTS.stranger, { uri: "https://evil.example/login" }), code: "siwe_wrong_domain" },
      { message: siweMessage(given, LOCAL_ACCOUNTS.stranger, { chainId: 1 }), code: "siwe_wrong_chain", params: { chain_id: evm.node.chainId } },
      { message: siweMessage({ ...given, nonce: (await challenge(bjorn)).nonce }, LOCAL_ACCOUNTS.stranger), code: "siwe_nonce_invalid" },
      { message: siweMessage({ ...given, nonce: "neverGivenNonce123" }, LOCAL_ACCOUNTS.stranger), code: "siwe_nonce_invalid" },
      { message: siweMessage(given, LOCAL_ACCOUNTS.stranger, { expirationTime: new Date(Date.now() - 1_000) }), code: "siwe_expired" },
      // Signed by another key than the message's address.
      { message: siweMessage(given, LOCAL_ACCOUNTS.stranger), key: LOCAL_KEYS.merchant, code: "siwe_bad_signature" },
      { message: "Hello, please link 0x90F79bf6EB2c4f870365E785982E1f101E93b906", code: "siwe_invalid_message" },
    ];
    for (const entry of cases) {
      const response = await link(ada, entry.message, await signWith(entry.key ?? LOCAL_KEYS.stranger, entry.message), { [LOCALE_HEADER]: "de" });
      expect(await refusal(response)).toEqual({ status: 400, code: entry.code, message: issueTextFor("de")(entry.code as never, entry.params) });
    }
    expect(await linked(ada)).toEqual([]);
    // None of them spent the nonce: the right message still links.
    const message = siweMessage(given, LOCAL_ACCOUNTS.stranger);
    expect((await link(ada, message, await signWith(LOCAL_KEYS.stranger, message))).status).toBe(201);
  });

  it("refuses bodies that are not a message and a hex signature, and signed-out callers", async () => {
    for (const body of [{}, { message: "x" }, { message: "x", signature: "not hex" }, { message: "x", signature: "0x12", extra: 1 }]) {
      const response = await call(walletsRoute.POST, "/api/crypto/users/@me/wallets", { method: "POST", jar: ada, params: me, body });
      expect(response.status).toBe(400);
    }
    expect((await call(nonceRoute.POST, "/api/crypto/users/@me/nonce", { method: "POST", params: me })).status).toBe(401);
    expect((await call(walletsRoute.GET, "/api/crypto/users/@me/wallets", { params: me })).status).toBe(401);
    expect((await call(nonceRoute.POST, `/api/crypto/users/${USER_IDS.bjorn}/nonce`, { method: "POST", jar: ada, params: { userId: USER_IDS.bjorn } })).status).toBe(403);
  });

  it("keeps a wallet to one account", async () => {
    const message = siweMessage(await challenge(ada), LOCAL_ACCOUNTS.stranger);
    expect((await link(ada, message, await signWith(LOCAL_KEYS.stranger, message))).status).toBe(201);
    const theirs = siweMessage(await challenge(bjorn), LOCAL_ACCOUNTS.stranger);
    expect(await refusal(await link(bjorn, theirs, await signWith(LOCAL_KEYS.stranger, theirs)))).toMatchObject({ status: 409, code: "wallet_linked_elsewhere" });
    expect(await linked(bjorn)).toEqual([]);
  });

  it("links the DEMO wallet, whose relay signs with the local node's demo account only", async () => {
    const send = async (request: { method: string; params: unknown[] }) =>
      (await (await call(demoWallet.POST, "/api/crypto/demo-wallet", { method: "POST", jar: ada, body: request })).json()) as DemoWalletAnswer;
    const client = createWalletClient({ transport: custom(demoWalletProvider(send)) });
    const message = siweMessage(await challenge(ada), LOCAL_ACCOUNTS.demoWallet);
    const signature = await client.signMessage({ account: LOCAL_ACCOUNTS.demoWallet, message });
    expect((await link(ada, message, signature)).status).toBe(201);
    expect(await linked(ada)).toEqual([LOCAL_ACCOUNTS.demoWallet]);
    // Another account's signature is not the demo wallet's to give.
    await expect(client.signMessage({ account: LOCAL_ACCOUNTS.stranger, message })).rejects.toThrow(/own account/);
  });

  it("unlinks the caller's own wallet only", async () => {
    const message = siweMessage(await challenge(ada), LOCAL_ACCOUNTS.stranger);
    expect((await link(ada, message, await signWith(LOCAL_KEYS.stranger, message))).status).toBe(201);
    expect(await refusal(await unlink(bjorn, LOCAL_ACCOUNTS.stranger))).toMatchObject({ status: 404, code: "wallet_not_found" });
    expect((await unlink(ada, "0x1234")).status).toBe(400);
    expect((await unlink(ada, LOCAL_ACCOUNTS.stranger)).status).toBe(204);
    expect(await linked(ada)).toEqual([]);
    expect((await unlink(ada, LOCAL_ACCOUNTS.stranger)).status).toBe(404);
  });

  it("links up to three wallets per account", async () => {
    const keys: Hex[] = [LOCAL_KEYS.stranger, LOCAL_KEYS.merchant, LOCAL_KEYS.deployer, LOCAL_KEYS.spare];
    for (const [index, key] of keys.entries()) {
      const message = siweMessage(await challenge(ada), privateKeyToAccount(key).address);
      const response = await link(ada, message, await signWith(key, message));
      if (index < 3) expect(response.status).toBe(201);
      else expect(await refusal(response)).toMatchObject({ status: 409, code: "wallet_limit" });
    }
    expect(await linked(ada)).toHaveLength(3);
  });
});

describe("the user's crypto transactions", () => {
  const now = Date.now();
  const rows = [
    { usd: 499, ageMinutes: 50, paid: true, open: false },
    { usd: 4999, ageMinutes: 40, paid: false, open: false },
    { usd: 899, ageMinutes: 30, paid: true, open: false },
    { usd: 1299, ageMinutes: 5, paid: false, open: true },
  ];
  const ids: string[] = [];

  const amountOf = (index: number) => String(BigInt(rows[index]!.usd) * 10_000n + BigInt(index + 1));

  beforeAll(async () => {
    const db = await getDb();
    // Ada's transactions are these four, Bjorn has none: on a PostgreSQL the test files share
    // (DATABASE_URL), the checkouts other files (and earlier runs) made for them are cleared first.
    await db.delete(cryptoCheckouts).where(or(inArray(cryptoCheckouts.userId, [USER_IDS.ada, USER_IDS.bjorn]), and(eq(cryptoCheckouts.payer, LOCAL_ACCOUNTS.demoWallet.toLowerCase()), inArray(cryptoCheckouts.amount, rows.map((_, index) => amountOf(index))))));
    for (const [index, row] of rows.entries()) {
      const id = randomUUID();
      ids.push(id);
      const createdAt = new Date(now - row.ageMinutes * 60_000);
      await db.insert(cryptoCheckouts).values({
        id,
        userId: USER_IDS.ada,
        guildId: "900000000000000001",
        plan: "premium",
        periodMonths: 1,
        chainId: evm.node.chainId,
        asset: evm.node.tokenAddress.toLowerCase(),
        recipient: LOCAL_ACCOUNTS.merchant.toLowerCase(),
        payer: LOCAL_ACCOUNTS.demoWallet.toLowerCase(),
        amount: amountOf(index),
        usdCents: row.usd,
        createdAt,
        expiresAt: new Date(row.open ? now + 25 * 60_000 : createdAt.getTime() + 30 * 60_000 - 40 * 60_000),
        txHash: row.paid ? `0x${String(index).repeat(64)}` : null,
      });
    }
  });

  async function page(jar: CookieJar, query = ""): Promise<TransactionPage> {
    const response = await call(transactionsRoute.GET, `/api/crypto/users/@me/transactions${query}`, { jar, params: me });
    expect(response.status).toBe(200);
    return (await response.json()) as TransactionPage;
  }

  it("lists the caller's newest first with their amounts, status and hash", async () => {
    const listed = await page(ada);
    expect(listed).toMatchObject({ total: 4, limit: 20, skip: 0, pending: 1, poll_after_seconds: null });
    expect(listed.transactions.map((entry) => entry.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect(listed.transactions[1]).toMatchObject({ type: "paid", hash: `0x${"2".repeat(64)}`, usd_amount: "8.99", eth_amount: "8.990003", symbol: "tUSD", address_hash: LOCAL_ACCOUNTS.demoWallet });
    expect(listed.transactions[0]).toMatchObject({ type: "pending", hash: null });
    expect(listed.transactions[2]).toMatchObject({ type: "expired" });
    expect((await page(bjorn)).total).toBe(0);
  });

  it("pages with limit and skip, sorts by amount either way, filters by types", async () => {
    const first = await page(ada, "?limit=2");
    const second = await page(ada, "?limit=2&skip=2");
    expect([...first.transactions, ...second.transactions].map((entry) => entry.id)).toEqual([ids[3], ids[2], ids[1], ids[0]]);
    expect((await page(ada, "?sort=usd_amount&order=asc")).transactions.map((entry) => entry.usd_amount)).toEqual(["4.99", "8.99", "12.99", "49.99"]);
    expect((await page(ada, "?sort=usd_amount&order=desc&limit=1")).transactions.map((entry) => entry.usd_amount)).toEqual(["49.99"]);
    const paid = await page(ada, "?types=paid");
    expect(paid.total).toBe(2);
    expect(paid.transactions.every((entry) => entry.type === "paid")).toBe(true);
    expect((await page(ada, "?types=pending,expired&order=asc")).transactions.map((entry) => entry.id)).toEqual([ids[1], ids[3]]);
  });

  it("tells a polling page to ask again while a transaction is pending", async () => {
    expect((await page(ada, "?polling=true")).poll_after_seconds).toBe(5);
    expect((await page(bjorn, "?polling=true")).poll_after_seconds).toBeNull();
  });

  it("refuses a bad query in the envelope", async () => {
    for (const query of ["?limit=0", "?limit=101", "?skip=-1", "?sort=hash", "?order=up", "?types=refunded", "?polling=maybe", "?page=2"]) {
      const response = await call(transactionsRoute.GET, `/api/crypto/users/@me/transactions${query}`, { jar: ada, params: me });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ code: expect.any(String), status_code: 400 });
    }
  });
});
