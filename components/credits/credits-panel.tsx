"use client";

import { useEffect, useId, useState, useSyncExternalStore } from "react";
import formStyles from "@/components/settings-form/form.module.css";
import panelStyles from "@/components/action-panel/action-panel.module.css";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import type { LedgerLine } from "@/lib/credits/ledger";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { CreditsText } from "./text";
import styles from "./credits.module.css";

type Page = { balance: number; ledger: LedgerLine[]; next_before: string | null };
type Props = {
  guildId: string;
  languageTag: string;
  initial: Page;
  channels: ReadonlyArray<{ id: string; name: string }>;
  categories: readonly string[];
  cost: number;
  packSize: number;
  limits: { title: number; text: number };
  text: CreditsText;
};

/** Refusals the form shows itself (under its fields or as its alert), not in the error dialog. */
const AD_REFUSALS = ["validation_failed", "credits_insufficient", "invalid_channel", "channel_required", "post_failed", "bot_missing_permissions", "rate_limited"] as const;
const AD_FIELDS = ["channel_id", "category", "title", "text"] as const;

/** The address does not change under the page: nothing to subscribe to. */
const noChanges = () => () => undefined;

/** The guild's credits: the balance, an advertisement paid with them, and the ledger in pages (Show older). */
export function CreditsPanel({ guildId, languageTag, initial, channels, categories, cost, packSize, limits, text }: Props) {
  const id = useId();
  const [page, setPage] = useState(initial);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const send = useAction(text.failed);
  const older = useAction(text.failed);
  const buy = useAction(text.failed);
  // Back from the provider's checkout, the address says how it went (?purchase=…); the server draws no such note.
  const outcome = useSyncExternalStore(
    noChanges,
    () => new URLSearchParams(window.location.search).get("purchase"),
    () => null,
  );
  const returned = outcome === null ? null : outcome === "cancelled" ? text.buy.cancelled : text.buy.thanks;
  const number = new Intl.NumberFormat(languageTag);
  const date = new Intl.DateTimeFormat(languageTag, { dateStyle: "medium", timeStyle: "short" });
  const base = `/plugins/credits/guilds/${guildId}`;
  const fieldError = (path: string) => send.refusal?.fields[path];

  // A paid checkout: the balance is read again (the webhook may have credited the pack since the page was drawn).
  useEffect(() => {
    if (outcome === null || outcome === "cancelled") return;
    void apiFetch<Page>(`${base}/credits`, { silent: true }).then(setPage, () => undefined);
  }, [base, outcome]);

  return (
    <section className={panelStyles.panel} aria-labelledby={`${id}-heading`} data-testid="credits">
      <div className={panelStyles.card}>
        <div className={panelStyles.header}>
          <h2 id={`${id}-heading`}>{text.title}</h2>
          <p>{text.intro}</p>
        </div>
        <p className={formStyles.label} id={`${id}-balance`}>
          {text.balance}
        </p>
        <p className={styles.balance} aria-labelledby={`${id}-balance`} data-testid="credits-balance">
          {number.format(page.balance)}
        </p>
        <div className={panelStyles.actions}>
          <button
            type="button"
            className="button button-primary"
            disabled={buy.busy}
            data-testid="credits-buy"
            onClick={() =>
              void buy.run(async () => {
                const { url } = await apiFetch<{ url: string }>(`${base}/buy`, { method: "POST", handles: ["billing_unavailable", "rate_limited"] });
                window.location.assign(url);
                return null;
              })
            }
          >
            {buy.busy ? text.buy.busy : fill(text.buy.button, { size: number.format(packSize) })}
          </button>
        </div>
        <p role="status" className={panelStyles.done} data-testid="credits-returned">
          {returned ?? ""}
        </p>
        <Feedback done={buy.done} refusal={buy.refusal} testId="credits-buy" />
      </div>

      <form
        className={`${panelStyles.card} ${panelStyles.form}`}
        aria-labelledby={`${id}-ad`}
        aria-busy={send.busy}
        data-testid="credits-ad"
        onSubmit={(event) => {
          event.preventDefault();
          const form = event.currentTarget;
          const data = new FormData(form);
          const body = Object.fromEntries(AD_FIELDS.map((field) => [field, String(data.get(field) ?? "")]));
          void send.run(async () => {
            const sent = await apiFetch<{ balance: number }>(`${base}/send_advertisement`, { method: "POST", body, handles: AD_REFUSALS });
            // The new debit heads the ledger: its first page is read again.
            setPage(await apiFetch<Page>(`${base}/credits`));
            form.reset();
            return fill(text.ad.done, { balance: number.format(sent.balance) });
          });
        }}
      >
        <div className={panelStyles.header}>
          <h3 id={`${id}-ad`}>{text.ad.title}</h3>
          <p>{fill(text.ad.intro, { cost: number.format(cost) })}</p>
        </div>
        <div className={panelStyles.grid}>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-channel`}>
              {text.ad.channel}
            </label>
            <select className={`${formStyles.input} ${formStyles.select}`} id={`${id}-channel`} name="channel_id" required aria-invalid={fieldError("channel_id") ? true : undefined}>
              {channels.map((channel) => (
                <option key={channel.id} value={channel.id}>
                  #{channel.name}
                </option>
              ))}
            </select>
            {fieldError("channel_id") ? <p role="alert" className={panelStyles.failed}>{fieldError("channel_id")}</p> : null}
          </div>
          <div className={formStyles.row}>
            <label className={formStyles.label} htmlFor={`${id}-category`}>
              {text.ad.category}
            </label>
            <select className={`${formStyles.input} ${formStyles.select}`} id={`${id}-category`} name="category" required aria-invalid={fieldError("category") ? true : undefined}>
              {categories.map((category) => (
                <option key={category} value={category}>
                  {text.categories[category as keyof CreditsText["categories"]]}
                </option>
              ))}
            </select>
            {fieldError("category") ? <p role="alert" className={panelStyles.failed}>{fieldError("category")}</p> : null}
          </div>
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-title`}>
            {text.ad.adTitle}
          </label>
          <input className={formStyles.input} id={`${id}-title`} name="title" type="text" required maxLength={limits.title} autoComplete="off" aria-invalid={fieldError("title") ? true : undefined} />
          {fieldError("title") ? <p role="alert" className={panelStyles.failed}>{fieldError("title")}</p> : null}
        </div>
        <div className={formStyles.row}>
          <label className={formStyles.label} htmlFor={`${id}-text`}>
            {text.ad.text}
          </label>
          <textarea id={`${id}-text`} name="text" required maxLength={limits.text} className={`${formStyles.input} ${formStyles.textarea} ${styles.text}`} aria-invalid={fieldError("text") ? true : undefined} />
          {fieldError("text") ? <p role="alert" className={panelStyles.failed}>{fieldError("text")}</p> : null}
        </div>
        {channels.length === 0 ? <p className={panelStyles.muted}>{text.ad.noChannel}</p> : null}
        <div className={panelStyles.actions}>
          <button type="submit" className="button button-primary" disabled={send.busy || channels.length === 0} data-testid="credits-ad-submit">
            {send.busy ? text.ad.busy : fill(text.ad.submit, { cost: number.format(cost) })}
          </button>
        </div>
        <Feedback done={send.done} refusal={send.refusal} shownByFields={AD_FIELDS} testId="credits-ad" />
      </form>

      <div className={panelStyles.card}>
        <div className={panelStyles.header}>
          <h3 id={`${id}-ledger`}>{text.ledger.title}</h3>
        </div>
        {page.ledger.length === 0 ? (
          <p className={panelStyles.muted}>{text.ledger.empty}</p>
        ) : (
          <ul className={styles.ledger} aria-labelledby={`${id}-ledger`} data-testid="credits-ledger">
            {page.ledger.map((line) => (
              <li key={line.id} className={styles.line}>
                <p className={styles.reason}>{text.reasons[line.reason] ?? line.reason}</p>
                <p className={line.amount > 0 ? styles.credit : styles.debit} aria-label={`${text.ledger.amount}: ${number.format(line.amount)}`}>
                  {line.amount > 0 ? "+" : "−"}
                  {number.format(Math.abs(line.amount))}
                </p>
                <p className={styles.meta}>
                  <time dateTime={line.created_at}>{date.format(new Date(line.created_at))}</time>
                  {line.note ? ` · ${line.note}` : null}
                </p>
              </li>
            ))}
          </ul>
        )}
        {page.next_before ? (
          <div className={panelStyles.actions}>
            <button
              type="button"
              className="button button-ghost"
              disabled={loadingOlder}
              aria-busy={loadingOlder}
              onClick={() => {
                setLoadingOlder(true);
                void older
                  .run(async () => {
                    const next = await apiFetch<Page>(`${base}/credits?before=${page.next_before}`);
                    setPage((current) => ({ balance: next.balance, ledger: [...current.ledger, ...next.ledger], next_before: next.next_before }));
                    return null;
                  })
                  .finally(() => setLoadingOlder(false));
              }}
            >
              {loadingOlder ? text.ledger.loading : text.ledger.older}
            </button>
          </div>
        ) : null}
        <Feedback done={older.done} refusal={older.refusal} testId="credits-older" />
      </div>
    </section>
  );
}
