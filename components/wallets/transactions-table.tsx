"use client";

import { useEffect, useState } from "react";
import formStyles from "@/components/settings-form/form.module.css";
import { Spinner } from "@/components/spinner";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { TransactionPage, TransactionType } from "@/lib/wallets/transactions";
import type { TransactionsText } from "./text";
import styles from "./wallets.module.css";

// The user's crypto payments (GET /api/crypto/users/@me/transactions): filtered by type, sorted,
// a page at a time; asked again by itself (polling) while one of them is pending.

const PAGE = 10;
const SORTS = {
  newest: { sort: "created_at", order: "desc" },
  oldest: { sort: "created_at", order: "asc" },
  largest: { sort: "usd_amount", order: "desc" },
  smallest: { sort: "usd_amount", order: "asc" },
} as const;
type SortKey = keyof typeof SORTS;
const TYPES: ReadonlyArray<TransactionType | "all"> = ["all", "pending", "paid", "expired"];

export function TransactionsTable({ text }: { text: TransactionsText }) {
  const [type, setType] = useState<TransactionType | "all">("all");
  const [sortKey, setSortKey] = useState<SortKey>("newest");
  const [skip, setSkip] = useState(0);
  const [page, setPage] = useState<TransactionPage | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let alive = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const { sort, order } = SORTS[sortKey];
    const query = new URLSearchParams({ limit: String(PAGE), skip: String(skip), sort, order, polling: "true", ...(type === "all" ? {} : { types: type }) });
    const read = async () => {
      try {
        const answer = await apiFetch<TransactionPage>(`/crypto/users/@me/transactions?${query}`, { silent: true });
        if (!alive) return;
        setPage(answer);
        setFailed(false);
        if (answer.poll_after_seconds) timer = setTimeout(() => void read(), answer.poll_after_seconds * 1000);
      } catch {
        if (alive) setFailed(true);
      }
    };
    void read();
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [type, sortKey, skip, attempt]);

  const locale = typeof document === "undefined" ? undefined : document.documentElement.lang || undefined;
  return (
    <div className={styles.stack} data-testid="transactions">
      <div className={styles.filters}>
        <label className={styles.filter}>
          <span>{text.show}</span>
          <select className={`${formStyles.input} ${formStyles.select}`} value={type} onChange={(event) => (setType(event.target.value as TransactionType | "all"), setSkip(0))}>
            {TYPES.map((value) => (
              <option key={value} value={value}>
                {text[value]}
              </option>
            ))}
          </select>
        </label>
        <label className={styles.filter}>
          <span>{text.sort}</span>
          <select className={`${formStyles.input} ${formStyles.select}`} value={sortKey} onChange={(event) => (setSortKey(event.target.value as SortKey), setSkip(0))}>
            {(Object.keys(SORTS) as SortKey[]).map((value) => (
              <option key={value} value={value}>
                {text[value]}
              </option>
            ))}
          </select>
        </label>
      </div>
      {failed ? (
        <div role="alert" className={styles.failed}>
          <p>{text.loadFailed}</p>
          <button type="button" className="button button-secondary button-small" onClick={() => setAttempt((count) => count + 1)}>
            {text.retry}
          </button>
        </div>
      ) : null}
      {!page && !failed ? <Spinner showLabel label={text.loading} /> : null}
      {page && page.transactions.length === 0 ? <p className={styles.muted}>{text.empty}</p> : null}
      {page && page.transactions.length > 0 ? (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">{text.date}</th>
                  <th scope="col">{text.plan}</th>
                  <th scope="col">{text.amount}</th>
                  <th scope="col">{text.status}</th>
                  <th scope="col">{text.hash}</th>
                </tr>
              </thead>
              <tbody>
                {page.transactions.map((entry) => (
                  <tr key={entry.id} data-testid="transaction">
                    <td>{new Date(entry.created_at).toLocaleString(locale, { dateStyle: "medium", timeStyle: "short" })}</td>
                    <td>{entry.plan}</td>
                    <td>
                      <bdi>
                        {entry.eth_amount} {entry.symbol}
                      </bdi>{" "}
                      <span className={styles.muted}>(${entry.usd_amount})</span>
                    </td>
                    <td>{text[entry.type]}</td>
                    <td className={styles.address}>{entry.hash ? entry.explorer_url ? <a href={entry.explorer_url} target="_blank" rel="noopener noreferrer">{entry.hash}</a> : entry.hash : "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <div className={styles.pager}>
            <span className={styles.muted}>{fill(text.range, { from: page.skip + 1, to: page.skip + page.transactions.length, total: page.total })}</span>
            <button type="button" className="button button-ghost button-small" disabled={skip === 0} onClick={() => setSkip(Math.max(0, skip - PAGE))}>
              {text.previous}
            </button>
            <button type="button" className="button button-ghost button-small" disabled={page.skip + page.transactions.length >= page.total} onClick={() => setSkip(skip + PAGE)}>
              {text.next}
            </button>
          </div>
        </>
      ) : null}
      {page?.poll_after_seconds ? (
        <p className={styles.muted} role="status">
          {text.polling}
        </p>
      ) : null}
    </div>
  );
}
