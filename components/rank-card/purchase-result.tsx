"use client";

import type { PurchaseResult as Result } from "./use-purchase-return";
import styles from "./rank-card-dialog.module.css";

export type PurchaseResultText = { checking: string; paid: string; pending: string; failed: string; unchecked: string; checkAgain: string };

const TONE: Record<Result, string> = { checking: "", paid: "notice-success", pending: "notice-warning", failed: "notice-error", unchecked: "notice-warning" };

/** What became of the checkout the buyer came back from, at the top of the #rank-card dialog. */
export function PurchaseResult({ result, checkAgain, text }: { result: Result; checkAgain?: () => void; text: PurchaseResultText }) {
  return (
    <div className={`notice ${TONE[result]} ${styles.result}`} role={result === "failed" ? "alert" : "status"} data-testid="rank-card-purchase-result" data-result={result}>
      <p>{text[result]}</p>
      {checkAgain ? (
        <button type="button" className="button button-secondary button-small" onClick={checkAgain}>
          {text.checkAgain}
        </button>
      ) : null}
    </div>
  );
}
