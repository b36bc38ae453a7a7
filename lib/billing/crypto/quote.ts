import type { CryptoSettings } from "@/lib/env";
import { USD_CENTS, type PeriodMonths, type Plan } from "@/lib/billing/plans";

// What a crypto checkout asks for: the plan's USD price (lib/billing/plans.ts) in the smallest
// unit of the asset paid in. The configured token is a USD stablecoin counted 1:1; the native
// coin is priced from configuration. Rounded up, so a payment of exactly the quoted amount
// always covers the price. Pure.

export type CryptoAsset = { kind: "token"; address: `0x${string}`; symbol: string; decimals: number } | { kind: "native"; address: null; symbol: string; decimals: number };

export function paymentAsset(settings: CryptoSettings): CryptoAsset {
  if (settings.token) return { kind: "token", ...settings.token };
  return { kind: "native", address: null, symbol: settings.native.symbol, decimals: settings.native.decimals };
}

/** The smallest units of the configured asset worth `usdCents`. */
export function unitsFor(settings: CryptoSettings, usdCents: number): bigint {
  const asset = paymentAsset(settings);
  const scale = 10n ** BigInt(asset.decimals);
  // Native coin: cents ÷ (cents per whole coin); the stablecoin: a whole token is 100 cents.
  const centsPerWhole = BigInt(asset.kind === "token" ? 100 : (settings.native.usdCents ?? 0));
  if (centsPerWhole <= 0n) throw new Error("CRYPTO_NATIVE_USD_CENTS is required to price payments in the native coin");
  return (BigInt(usdCents) * scale + centsPerWhole - 1n) / centsPerWhole;
}

export type PaymentQuote = {
  plan: Plan;
  period: PeriodMonths;
  chain_id: number;
  recipient: `0x${string}`;
  asset: CryptoAsset;
  /** Smallest units, as a decimal string. */
  amount: string;
  usd_cents: number;
  confirmations: number;
  expires_at: string;
  /** `{hash}` stands for the transaction hash; null without a configured explorer. */
  explorer_tx_url: string | null;
  demo_wallet: boolean;
};

/** A checkout opened for one wallet (lib/billing/crypto/checkout.ts): `amount` is its own, `payer` the wallet it must come from. */
export type OpenedCheckout = PaymentQuote & { checkout_id: string; payer: `0x${string}` };

export function paymentQuote(settings: CryptoSettings, plan: Plan, period: PeriodMonths, now: Date): PaymentQuote {
  const usdCents = USD_CENTS[plan][period];
  return {
    plan,
    period,
    chain_id: settings.chainId,
    recipient: settings.recipient,
    asset: paymentAsset(settings),
    amount: unitsFor(settings, usdCents).toString(),
    usd_cents: usdCents,
    confirmations: settings.confirmations,
    expires_at: new Date(now.getTime() + settings.quoteMinutes * 60_000).toISOString(),
    explorer_tx_url: settings.explorerUrl ? `${settings.explorerUrl}/tx/{hash}` : null,
    demo_wallet: settings.demoWallet,
  };
}

/** `months` calendar months after `from` (UTC), clamped to the last day of a shorter month. */
export function addMonths(from: Date, months: number): Date {
  const result = new Date(from.getTime());
  const day = result.getUTCDate();
  result.setUTCDate(1);
  result.setUTCMonth(result.getUTCMonth() + months);
  const last = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate();
  result.setUTCDate(Math.min(day, last));
  return result;
}
