import type { CryptoSettings } from "@/lib/env";
import { USD_CENTS } from "@/lib/billing/plans";
import { addMonths, paymentQuote, unitsFor } from "./quote";

const base: CryptoSettings = {
  rpcUrl: "http://127.0.0.1:8545",
  chainId: 11155111,
  recipient: `0x${"a".repeat(40)}`,
  token: null,
  native: { symbol: "ETH", decimals: 18, usdCents: 300_000 },
  confirmations: 3,
  quoteMinutes: 30,
  explorerUrl: "https://sepolia.etherscan.io",
  demoWallet: false,
};

describe("what a crypto checkout asks for", () => {
  it("prices the native coin from its configured USD price, rounded up to cover the plan", () => {
    // $11.99 at $3,000 per ETH: 0.0039966… ETH, rounded up in wei.
    expect(unitsFor(base, 1199)).toBe(3_996_666_666_666_667n);
    expect((unitsFor(base, 1199) * 300_000n) / 10n ** 18n).toBeGreaterThanOrEqual(1199n);
  });

  it("counts a stablecoin 1:1 to USD in its own decimals", () => {
    const usdc = { ...base, token: { address: `0x${"b".repeat(40)}` as const, symbol: "USDC", decimals: 6 } };
    expect(unitsFor(usdc, USD_CENTS.bundle[12])).toBe(BigInt(USD_CENTS.bundle[12]) * 10_000n);
  });

  it("answers the chain, recipient, asset, expiry and the explorer's link pattern", () => {
    const now = new Date("2026-11-25T12:00:00Z");
    expect(paymentQuote(base, "premium", 12, now)).toMatchObject({
      chain_id: 11155111,
      asset: { kind: "native", address: null, symbol: "ETH", decimals: 18 },
      usd_cents: USD_CENTS.premium[12],
      expires_at: "2026-11-25T12:30:00.000Z",
      explorer_tx_url: "https://sepolia.etherscan.io/tx/{hash}",
    });
  });

  it("adds calendar months, keeping the day or the month's last", () => {
    expect(addMonths(new Date("2026-01-31T08:00:00Z"), 1).toISOString()).toBe("2026-02-28T08:00:00.000Z");
    expect(addMonths(new Date("2026-11-25T12:00:00Z"), 12).toISOString()).toBe("2027-11-25T12:00:00.000Z");
  });
});
