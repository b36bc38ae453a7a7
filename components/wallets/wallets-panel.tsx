"use client";

import { useEffect, useState } from "react";
import type { EIP1193Provider } from "viem";
import { DeleteDialog } from "@/components/action-panel/delete-dialog";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import { demoWalletProvider, WalletError } from "@/components/crypto-checkout/wallet";
import { Spinner } from "@/components/spinner";
import type { DemoWalletAnswer } from "@/lib/billing/crypto/demo-account";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { SiweChallenge } from "@/lib/wallets/siwe";
import type { LinkedWallet } from "@/lib/wallets/wallets";
import { signLink } from "./siwe-link";
import type { WalletsText } from "./text";
import styles from "./wallets.module.css";

// "Wallets" on the account page: link a wallet by signing a Sign-In with Ethereum message with it
// (the browser's EIP-1193 wallet, or the DEMO wallet on npm start), see the linked ones, unlink.

type Listing = { wallets: LinkedWallet[]; max: number; chain: { chain_id: number; demo_wallet: boolean } | null };

const PATH = "/crypto/users/@me/wallets";
/** Refusals this panel shows itself, under its buttons. */
const HANDLES = ["siwe_invalid_message", "siwe_wrong_domain", "siwe_wrong_chain", "siwe_nonce_invalid", "siwe_expired", "siwe_bad_signature", "wallet_linked_elsewhere", "wallet_limit", "wallet_not_found", "crypto_unavailable"];

const demoProvider = demoWalletProvider((body) => apiFetch<DemoWalletAnswer>("/crypto/demo-wallet", { method: "POST", body, silent: true, keepsPages: true }));

export function WalletsPanel({ text }: { text: WalletsText }) {
  const [listing, setListing] = useState<Listing | null>(null);
  const [loadFailed, setLoadFailed] = useState(false);
  const [step, setStep] = useState<"connecting" | "linking" | null>(null);
  // What the wallet itself refused or failed (the server's refusals come through the action).
  const [walletProblem, setWalletProblem] = useState<string | null>(null);
  const [unlinking, setUnlinking] = useState<string | null>(null);
  const link = useAction(text.walletFailed);
  const unlink = useAction(text.walletFailed);

  // Bumped to read the list again (after a link or unlink, or a retry).
  const [version, setVersion] = useState(0);
  const reload = () => setVersion((count) => count + 1);

  useEffect(() => {
    let alive = true;
    apiFetch<Listing>(PATH, { silent: true }).then(
      (answer) => alive && (setListing(answer), setLoadFailed(false)),
      () => alive && setLoadFailed(true),
    );
    return () => {
      alive = false;
    };
  }, [version]);

  function linkWith(provider: EIP1193Provider | undefined) {
    setWalletProblem(null);
    if (!provider) {
      setWalletProblem(text.noBrowserWallet);
      return;
    }
    void link.run(async () => {
      try {
        setStep("connecting");
        const challenge = await apiFetch<SiweChallenge>("/crypto/users/@me/nonce", { method: "POST", handles: HANDLES, keepsPages: true });
        const signed = await signLink(provider, challenge, text.statement);
        setStep("linking");
        const wallet = await apiFetch<LinkedWallet>(PATH, { method: "POST", body: signed, handles: HANDLES, keepsPages: true });
        reload();
        return fill(text.linked, { address: wallet.address });
      } catch (error) {
        if (!(error instanceof WalletError)) throw error;
        setWalletProblem(error.kind === "rejected" ? text.rejected : error.kind === "wrong_chain" ? fill(text.wrongChain, { chain: String(listing?.chain?.chain_id ?? "") }) : text.walletFailed);
        return null;
      } finally {
        setStep(null);
      }
    });
  }

  if (!listing) {
    return loadFailed ? (
      <div role="alert" className={styles.failed}>
        <p>{text.loadFailed}</p>
        <button type="button" className="button button-secondary button-small" onClick={() => (setLoadFailed(false), reload())}>
          {text.retry}
        </button>
      </div>
    ) : (
      <Spinner showLabel label={text.loading} />
    );
  }

  const full = listing.wallets.length >= listing.max;
  return (
    <div className={styles.stack} data-testid="wallets">
      {listing.wallets.length === 0 ? (
        <p className={styles.muted}>{text.none}</p>
      ) : (
        <>
          <p className={styles.muted}>{fill(text.count, { count: listing.wallets.length, max: listing.max })}</p>
          <ul className={styles.list}>
            {listing.wallets.map((wallet) => (
              <li key={wallet.address} className={styles.item} data-testid="linked-wallet">
                <code className={styles.address}>{wallet.address}</code>
                <span className={styles.muted}>{fill(text.linkedAt, { date: new Date(wallet.linked_at).toLocaleDateString(document.documentElement.lang || undefined, { dateStyle: "medium" }) })}</span>
                <button type="button" className="button button-ghost button-small" onClick={() => setUnlinking(wallet.address)} aria-label={`${text.unlink} ${wallet.address}`}>
                  {text.unlink}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      {listing.chain === null ? (
        <p className={styles.muted}>{text.unavailable}</p>
      ) : full ? null : (
        <div className={styles.actions}>
          {/* window.ethereum is read on the click: the server-rendered page cannot know it. */}
          <button type="button" className="button button-primary" disabled={link.busy} onClick={() => linkWith(window.ethereum)}>
            {text.linkBrowser}
          </button>
          {listing.chain.demo_wallet ? (
            <div className={styles.demo}>
              <button type="button" className="button button-secondary" disabled={link.busy} onClick={() => linkWith(demoProvider)} data-testid="link-demo-wallet">
                {text.linkDemo}
              </button>
              <p className={styles.muted}>{text.demoNote}</p>
            </div>
          ) : null}
        </div>
      )}
      {step ? <Spinner showLabel label={step === "connecting" ? text.connecting : text.linking} /> : null}
      <Feedback done={link.done} refusal={link.refusal} testId="wallet-link" />
      {walletProblem ? (
        <p role="alert" className={styles.problem} data-testid="wallet-problem">
          {walletProblem}
        </p>
      ) : null}
      <Feedback done={unlink.done} refusal={unlink.refusal} testId="wallet-unlink" />
      <DeleteDialog
        open={unlinking !== null}
        onClose={() => {
          setUnlinking(null);
          reload();
        }}
        name={unlinking ?? ""}
        path={`${PATH}/${unlinking ?? ""}`}
        handles={HANDLES}
        text={{ title: text.unlinkTitle, description: text.unlinkDescription, confirm: text.unlinkConfirm, back: text.back, busy: text.unlinking, done: text.unlinked }}
        action={unlink}
        testId="unlink-wallet"
      />
    </div>
  );
}
