"use client";

import { useEffect, useRef, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import { formatUnits, type EIP1193Provider, type Hash } from "viem";
import { Spinner } from "@/components/spinner";
import type { DemoWalletAnswer } from "@/lib/billing/crypto/demo-account";
import type { OpenedCheckout, PaymentQuote } from "@/lib/billing/crypto/quote";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";
import type { CryptoCheckoutText } from "./text";
import { connectWallet, demoWalletProvider, sendPayment, WalletError, type Connected } from "./wallet";
import styles from "./crypto-checkout.module.css";

// "Pay with crypto" for one guild, plan and period: the price from the server, a wallet (the
// browser's, or the DEMO one on npm start) whose address opens a checkout bound to it (an amount
// of its own: lib/billing/crypto/checkout.ts), the transfer signed there, then the server reads
// the payment back from the chain until it is confirmed and credited. Every wait shows its step.

type Props = { guildId: string; plan: string; period: number; text: CryptoCheckoutText };

type Step =
  | { kind: "idle" }
  | { kind: "quoting" }
  | { kind: "ready" }
  | { kind: "connecting" }
  | { kind: "opening" }
  | { kind: "signature" }
  | { kind: "confirming"; hash: Hash }
  | { kind: "credited"; hash: Hash; until: string }
  | { kind: "error"; message: string; hash?: Hash };

type Credited = { current_period_end: string };
type Refusal = { fields?: Array<{ path: string; code: string; message: string }>; message?: string };

/** Refusals that only mean "not yet": the transaction is still on its way into a block. */
const PENDING = new Set(["crypto_unconfirmed", "crypto_tx_not_found"]);
const POLL_MS = 2000;
const POLL_LIMIT = 150;

declare global {
  interface Window {
    ethereum?: EIP1193Provider;
  }
}


const demoProvider = demoWalletProvider((body) => apiFetch<DemoWalletAnswer>("/crypto/demo-wallet", { method: "POST", body, silent: true, keepsPages: true }));

export function CryptoCheckout({ guildId, plan, period, text }: Props) {
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [quote, setQuote] = useState<PaymentQuote | null>(null);
  // The checkout opened for the connected wallet: its own amount, kept for a retry from the same wallet.
  const [checkout, setCheckout] = useState<OpenedCheckout | null>(null);
  const alive = useRef(true);
  useEffect(() => {
    alive.current = true;
    return () => {
      alive.current = false;
    };
  }, []);

  const checkoutPath = `/crypto/plan/${encodeURIComponent(plan)}/checkout`;

  async function loadQuote() {
    setStep({ kind: "quoting" });
    try {
      setQuote(await apiFetch<PaymentQuote>(`${checkoutPath}?guild_id=${guildId}&period=${period}`, { silent: true }));
      setStep({ kind: "ready" });
    } catch (error) {
      setStep({ kind: "error", message: error instanceof TransportError && error.status === 503 ? text.unavailable : messageOf(error) });
    }
  }

  /** The wallet's account first, then a checkout bound to it (the same one again while it is open), then the transfer. */
  async function pay(provider: EIP1193Provider, current: PaymentQuote) {
    setStep({ kind: "connecting" });
    let connected: Connected;
    try {
      connected = await connectWallet(provider, current.chain_id);
    } catch (error) {
      setStep({ kind: "error", message: walletMessage(error, current) });
      return;
    }
    let bound = checkout;
    if (!bound || bound.payer.toLowerCase() !== connected.account.toLowerCase() || Date.parse(bound.expires_at) <= Date.now()) {
      setStep({ kind: "opening" });
      try {
        bound = await apiFetch<OpenedCheckout>(checkoutPath, { method: "POST", silent: true, body: { guild_id: guildId, period, payer: connected.account } });
      } catch (error) {
        setStep({ kind: "error", message: messageOf(error) });
        return;
      }
      setCheckout(bound);
    }
    setStep({ kind: "signature" });
    let hash: Hash;
    try {
      hash = await sendPayment(connected, bound);
    } catch (error) {
      setStep({ kind: "error", message: walletMessage(error, current) });
      return;
    }
    await confirm(hash, bound);
  }

  /** Asks the server to credit the checkout's payment, again while the chain has not confirmed it yet. */
  async function confirm(hash: Hash, bound: OpenedCheckout) {
    setStep({ kind: "confirming", hash });
    for (let attempt = 0; attempt < POLL_LIMIT && alive.current; attempt++) {
      try {
        const credited = await apiFetch<Credited>(`/crypto/checkouts/${bound.checkout_id}/payment`, { method: "POST", silent: true, body: { tx_hash: hash, chain_id: bound.chain_id } });
        setStep({ kind: "credited", hash, until: new Date(credited.current_period_end).toLocaleDateString(document.documentElement.lang || undefined, { dateStyle: "long" }) });
        return;
      } catch (error) {
        const field = error instanceof TransportError ? (error.body as Refusal | undefined)?.fields?.find((entry) => entry.path === "tx_hash") : undefined;
        if (!field || !PENDING.has(field.code)) {
          setStep({ kind: "error", message: field?.message ?? messageOf(error), hash });
          return;
        }
      }
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    if (alive.current) setStep({ kind: "error", message: fill(text.confirmTimeout, { hash }), hash });
  }

  function walletMessage(error: unknown, current: PaymentQuote): string {
    if (!(error instanceof WalletError)) return messageOf(error);
    if (error.kind === "rejected") return text.rejected;
    if (error.kind === "wrong_chain") return fill(text.wrongChain, { chain: String(current.chain_id) });
    return fill(text.walletFailed, { reason: error.message.split("\n")[0] ?? "" });
  }

  function messageOf(error: unknown): string {
    return error instanceof Error ? error.message : text.unavailable;
  }

  const busy = step.kind === "quoting" || step.kind === "connecting" || step.kind === "opening" || step.kind === "signature" || step.kind === "confirming";
  const hash = "hash" in step ? step.hash : undefined;
  const explorer = hash && quote?.explorer_tx_url ? quote.explorer_tx_url.replace("{hash}", hash) : null;
  // Read only once a click brought the island past its server-rendered first state: no hydration mismatch.
  const browserWallet = step.kind === "ready" ? window.ethereum : undefined;
  // The price until a wallet is known, then the checkout's own amount (the price and a few units).
  const shown = checkout ?? quote;
  const amount = shown ? `${formatUnits(BigInt(shown.amount), shown.asset.decimals)} ${shown.asset.symbol}` : "";
  const spinnerLabel = { quoting: text.quoting, connecting: text.connecting, opening: text.opening, signature: text.signature } as Partial<Record<Step["kind"], string>>;

  return (
    <section className={styles.box} aria-labelledby="crypto-checkout-title" data-testid="crypto-checkout">
      <h3 id="crypto-checkout-title" className={styles.title}>
        {text.title}
      </h3>
      {step.kind === "idle" ? (
        <button type="button" className="button button-secondary" onClick={() => void loadQuote()}>
          {text.start}
        </button>
      ) : null}
      {shown && step.kind !== "idle" && step.kind !== "quoting" ? (
        <dl className={styles.quote}>
          <dt>{text.amount}</dt>
          <dd data-testid="crypto-amount">{amount}</dd>
          <dt>{text.network}</dt>
          <dd>{shown.chain_id}</dd>
          <dt>{text.recipient}</dt>
          <dd className={styles.address}>{shown.recipient}</dd>
          {checkout ? (
            <>
              <dt>{text.payer}</dt>
              <dd className={styles.address} data-testid="crypto-payer">
                {checkout.payer}
              </dd>
              <dt>{text.expires}</dt>
              <dd>{new Date(checkout.expires_at).toLocaleTimeString(document.documentElement.lang || undefined, { timeStyle: "short" })}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      {checkout && step.kind !== "credited" ? <p className={styles.note}>{text.exactAmount}</p> : null}
      {step.kind === "ready" && quote ? (
        <div className={styles.actions}>
          {browserWallet ? (
            <button type="button" className="button button-primary" onClick={() => void pay(browserWallet, quote)}>
              {text.connectWallet}
            </button>
          ) : (
            <p className={styles.note}>{text.noWallet}</p>
          )}
          {quote.demo_wallet ? (
            <div className={styles.demo}>
              <button type="button" className="button button-secondary" onClick={() => void pay(demoProvider, quote)} data-testid="crypto-demo-wallet">
                {text.demoWallet}
              </button>
              <p className={styles.note}>{text.demoNote}</p>
            </div>
          ) : null}
        </div>
      ) : null}
      {busy ? <Spinner showLabel label={spinnerLabel[step.kind] ?? text.confirming} /> : null}
      {hash ? (
        <p className={styles.note}>
          {text.sent}{" "}
          {explorer ? (
            <a href={explorer} target="_blank" rel="noopener noreferrer">
              {text.viewTx}
            </a>
          ) : (
            <code className={styles.address}>{hash}</code>
          )}
        </p>
      ) : null}
      <div role="status" aria-live="polite">
        {step.kind === "credited" ? <p className={styles.done}>{fill(text.credited, { date: step.until })}</p> : null}
      </div>
      {step.kind === "error" ? (
        <div role="alert" className={styles.error}>
          <p>{step.message}</p>
          {step.hash && checkout ? (
            <button type="button" className="button button-secondary button-small" onClick={() => void confirm(step.hash!, checkout)}>
              {text.checkAgain}
            </button>
          ) : (
            <button type="button" className="button button-secondary button-small" onClick={() => void (quote ? setStep({ kind: "ready" }) : loadQuote())}>
              {text.retry}
            </button>
          )}
        </div>
      ) : null}
    </section>
  );
}
