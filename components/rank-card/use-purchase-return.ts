"use client";

import { useCallback, useEffect, useRef, useState } from "react";
import { PURCHASE_CANCELLED, PURCHASE_PARAM } from "@/lib/billing/purchase-return";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import { useRankCardOwnership } from "./use-rank-card-ownership";

/** How the checkout the buyer came back from went; `unchecked` when it could not be asked (the error modal said why). */
export type PurchaseResult = "checking" | "paid" | "pending" | "failed" | "unchecked";

type Settled = { status: "paid" | "pending" | "failed"; owned: boolean };

/**
 * The buyer is back from the payment provider (`?purchase=<reference>#rank-card`, or
 * `?purchase=cancelled`): the reference is settled with the server, which reads the checkout from
 * the provider and records a paid one. The address forgets the parameter at once, so a reload
 * or a copied link does not announce the purchase again. Null when the page was not a return.
 */
export function usePurchaseReturn(): { result: PurchaseResult | null; checkAgain?: () => void } {
  const { mutate } = useRankCardOwnership();
  // Read once, as the dialog opens (it is only ever drawn in the browser).
  const [outcome] = useState(() => (typeof window === "undefined" ? null : new URL(window.location.href).searchParams.get(PURCHASE_PARAM)));
  const reference = outcome === PURCHASE_CANCELLED ? null : outcome;
  const [result, setResult] = useState<PurchaseResult | null>(outcome === null ? null : reference ? "checking" : "failed");

  // The result is set once the server answers: "checking" is already shown (first render, or Check again).
  const settle = useCallback(
    (checkout: string) =>
      apiFetch<Settled>("/users/@me/buy-rank-card/finalize", { method: "POST", body: { checkout }, handles: ["purchase_checkout_not_found"], keepsPages: true })
        .then(async (answer) => {
          await mutate({ owned: answer.owned }, { revalidate: false });
          setResult(answer.status);
        })
        .catch((error: unknown) => setResult(error instanceof TransportError && errorCodeOf(error.body) === "purchase_checkout_not_found" ? "failed" : "unchecked")),
    [mutate],
  );

  const started = useRef(false);
  useEffect(() => {
    if (outcome === null || started.current) return;
    started.current = true;
    const url = new URL(window.location.href);
    url.searchParams.delete(PURCHASE_PARAM);
    window.history.replaceState(window.history.state, "", url.pathname + url.search + url.hash);
    if (reference) void settle(reference);
  }, [outcome, reference, settle]);

  const retry =
    reference && (result === "pending" || result === "unchecked")
      ? () => {
          setResult("checking");
          void settle(reference);
        }
      : undefined;
  return { result, checkAgain: retry };
}
