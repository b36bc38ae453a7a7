/** @jest-environment jsdom */
import { act, fireEvent, render, screen } from "@testing-library/react";
import { decodeFunctionData, erc20Abi, type Hex } from "viem";
import en from "@/messages/en.json";
import { CryptoCheckout } from "./crypto-checkout";

// The island's steps as a payer sees them: the price, the wallet's answer (a browser wallet
// standing in for the extension: it shares an account, is on the quote's chain, and signs or
// refuses), a checkout opened for that account (its own amount), then the server's verdict,
// polled while the chain has not confirmed the payment.
// The server side runs for real in test/integration/crypto-checkout.test.ts.

const GUILD = "584327784348909864";
const HASH = `0x${"12".repeat(32)}`;
const QUOTE = {
  plan: "premium",
  period: 1,
  chain_id: 31337,
  recipient: "0x70997970C51812dc3A010C7d01b50e0d17dc79C8",
  asset: { kind: "token", address: "0x5FbDB2315678afecb367f032d93F642f64180aa3", symbol: "tUSD", decimals: 6 },
  amount: "11990000",
  usd_cents: 1199,
  confirmations: 1,
  expires_at: new Date(Date.now() + 30 * 60_000).toISOString(),
  explorer_tx_url: "https://explorer.test/tx/{hash}",
  demo_wallet: true,
};

type FakeResponse = { ok: boolean; status: number; json: () => Promise<unknown> };
const answer = (status: number, body: unknown): Promise<FakeResponse> => Promise.resolve({ ok: status < 300, status, json: async () => body });
const ACCOUNT = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";
const CHECKOUT_ID = "7d9f0e4c-1b2a-4c3d-8e5f-6a7b8c9d0e1f";
/** The checkout opened for the wallet: the price and 4,217 smallest units of its own. */
const OPENED = { ...QUOTE, amount: "11994217", checkout_id: CHECKOUT_ID, payer: ACCOUNT };
const unconfirmed = { code: "validation_failed", status_code: 400, message: "not yet", error: { message: "not yet" }, fields: [{ path: "tx_hash", code: "crypto_unconfirmed", message: "not yet" }] };

let opens: unknown[];
let posts: unknown[];
let verdicts: Array<[number, unknown]>;
let sent: unknown[];

beforeAll(() => {
  document.cookie = "XSRF-TOKEN=test-token";
});
beforeEach(() => {
  opens = [];
  posts = [];
  sent = [];
  verdicts = [];
  globalThis.fetch = jest.fn((url: string, init: { method: string; body?: string }) => {
    if (init.method === "GET") return answer(200, QUOTE);
    if (url.endsWith("/crypto/plan/premium/checkout")) {
      opens.push(JSON.parse(init.body!));
      return answer(201, OPENED);
    }
    expect(url).toContain(`/crypto/checkouts/${CHECKOUT_ID}/payment`);
    posts.push(JSON.parse(init.body!));
    const [status, body] = verdicts.shift() ?? [500, {}];
    return answer(status, body);
  }) as unknown as typeof globalThis.fetch;
  delete window.ethereum;
});

function browserWallet(signs: boolean) {
  window.ethereum = {
    request: async ({ method, params }: { method: string; params?: unknown[] }) => {
      if (method === "eth_requestAccounts") return [ACCOUNT];
      if (method === "eth_chainId") return "0x7a69";
      if (method === "eth_sendTransaction") {
        if (!signs) throw Object.assign(new Error("User rejected the request."), { code: 4001 });
        sent.push(params?.[0]);
        return HASH;
      }
      throw new Error(`unexpected ${method}`);
    },
  } as unknown as NonNullable<Window["ethereum"]>;
}

async function openQuote() {
  render(<CryptoCheckout guildId={GUILD} plan="premium" period={1} text={en.cryptoCheckout} />);
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Pay with crypto" })));
}

it("shows the quote and offers the DEMO wallet, clearly labelled, when no browser wallet is installed", async () => {
  await openQuote();
  expect(screen.getByTestId("crypto-amount").textContent).toBe("11.99 tUSD");
  expect(screen.getByText(en.cryptoCheckout.noWallet)).toBeTruthy();
  expect(screen.getByRole("button", { name: "Pay with the DEMO wallet" })).toBeTruthy();
  expect(screen.getByText(en.cryptoCheckout.demoNote)).toBeTruthy();
});

it("opens a checkout for the wallet's account, sends its exact amount, links the transfer, and reports it credited once the chain confirms it", async () => {
  browserWallet(true);
  verdicts = [
    [400, unconfirmed],
    [201, { subscription_id: "s", current_period_end: "2027-01-25T12:00:00.000Z", tx_hash: HASH, from: "0x", amount: "11990000" }],
  ];
  await openQuote();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Connect my wallet" })));
  expect(opens).toEqual([{ guild_id: GUILD, period: 1, payer: ACCOUNT }]);
  expect(screen.getByTestId("crypto-amount").textContent).toBe("11.994217 tUSD");
  expect(screen.getByTestId("crypto-payer").textContent).toBe(ACCOUNT);
  expect(sent).toEqual([expect.objectContaining({ to: QUOTE.asset.address })]);
  const call = decodeFunctionData({ abi: erc20Abi, data: (sent[0] as { data: Hex }).data });
  expect(call).toEqual({ functionName: "transfer", args: [QUOTE.recipient, BigInt(OPENED.amount)] });
  expect(screen.getByRole("link", { name: "View the transaction" }).getAttribute("href")).toBe(`https://explorer.test/tx/${HASH}`);
  expect(screen.getByText(en.cryptoCheckout.confirming)).toBeTruthy();
  expect(await screen.findByText(/Payment received\. The plan is on until/, undefined, { timeout: 5000 })).toBeTruthy();
  expect(posts).toEqual([
    { tx_hash: HASH, chain_id: 31337 },
    { tx_hash: HASH, chain_id: 31337 },
  ]);
});

it("says nothing was paid when the wallet refuses, submits nothing, and keeps the wallet's checkout for the next try", async () => {
  browserWallet(false);
  await openQuote();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Connect my wallet" })));
  expect(screen.getByRole("alert").textContent).toContain(en.cryptoCheckout.rejected);
  expect(posts).toEqual([]);
  fireEvent.click(screen.getByRole("button", { name: "Try again" }));
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Connect my wallet" })));
  expect(opens).toHaveLength(1);
});

it("shows the server's refusal in the payer's words and lets them check the same transaction again", async () => {
  browserWallet(true);
  const wrong = { ...unconfirmed, fields: [{ path: "tx_hash", code: "crypto_wrong_amount", message: "This payment is not the exact amount this checkout asked for. Nothing was credited." }] };
  verdicts = [[400, wrong]];
  await openQuote();
  await act(async () => fireEvent.click(screen.getByRole("button", { name: "Connect my wallet" })));
  expect((await screen.findByRole("alert")).textContent).toContain("not the exact amount");
  expect(screen.getByRole("button", { name: "Check again" })).toBeTruthy();
});
