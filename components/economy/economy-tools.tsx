"use client";

import { useEffect, useId, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { memberName, type SearchMember } from "@/components/message-editor/suggest";
import { useMemberSearch } from "@/components/message-editor/use-member-search";
import { fill } from "@/lib/i18n/fill";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";
import { parseCustomEmoji } from "@/lib/platform/custom-emoji";
import formStyles from "@/components/settings-form/form.module.css";
import styles from "@/components/plugin-tools.module.css";

export type EconomyText = {
  giveTitle: string;
  member: string;
  memberHint: string;
  searching: string;
  noMembers: string;
  selected: string;
  amount: string;
  amountHint: string;
  give: string;
  giving: string;
  /** {name} {coins} */
  newBalance: string;
  richestTitle: string;
  richestEmpty: string;
  loading: string;
  loadFailed: string;
  retry: string;
  unknownMember: string;
  /** {rank} */
  rank: string;
  resetTitle: string;
  resetWarning: string;
  /** {word} */
  resetConfirm: string;
  reset: string;
  resetting: string;
  resetDone: string;
};

type Props = {
  guildId: string;
  /** The word typed to confirm a reset (the server's name). */
  confirmWord: string;
  currency: { name: string; emoji: string };
  locale: string;
  disabled: boolean;
  text: EconomyText;
};

type Richest = { rank: number; user_id: string; name: string | null; coins: number };

const RICHEST_SHOWN = 10;

/** The economy page's tools: give or take coins, the richest members, and a reset of every balance. */
export function EconomyTools({ guildId, confirmWord, currency, locale, disabled, text }: Props) {
  const base = `/plugins/economy/guilds/${guildId}`;
  const numbers = new Intl.NumberFormat(locale);
  // A custom emoji reads as its :name:, like the emoji picker shows it.
  const custom = parseCustomEmoji(currency.emoji);
  const emoji = custom ? `:${custom.name}:` : currency.emoji;
  const coins = (value: number) => `${emoji ? `${emoji} ` : ""}${numbers.format(value)} ${currency.name}`.trim();
  // Each answer remembers which load it answers: after a change the list shows "loading" until the new one arrives.
  const [attempt, setAttempt] = useState(0);
  const [answer, setAnswer] = useState<{ attempt: number; members: Richest[] | "failed" } | null>(null);
  const reload = () => setAttempt((count) => count + 1);

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ members: Richest[] }>(`${base}/richest?limit=${RICHEST_SHOWN}`, { silent: true, signal: controller.signal })
      .then((found) => setAnswer({ attempt, members: found.members }))
      .catch(() => {
        if (!controller.signal.aborted) setAnswer({ attempt, members: "failed" });
      });
    return () => controller.abort();
  }, [base, attempt]);
  const richest = answer?.attempt === attempt ? answer.members : null;

  return (
    <div className={styles.tools}>
      <GiveCoins base={base} guildId={guildId} disabled={disabled} text={text} coins={coins} onChanged={reload} />
      <section className={styles.part} aria-labelledby="economy-richest">
        <h3 id="economy-richest">{text.richestTitle}</h3>
        {richest === null ? (
          <p role="status" className={styles.muted}>
            {text.loading}
          </p>
        ) : richest === "failed" ? (
          <p className="notice notice-error">
            {text.loadFailed}{" "}
            <button type="button" className="button button-ghost button-small" onClick={reload}>
              {text.retry}
            </button>
          </p>
        ) : richest.length === 0 ? (
          <p className={styles.muted}>{text.richestEmpty}</p>
        ) : (
          <ol className={styles.rows} data-testid="economy-richest">
            {richest.map((row) => (
              <li key={row.user_id}>
                <span className={styles.rank}>{fill(text.rank, { rank: row.rank })}</span>
                <span className={styles.name}>{row.name ?? fill(text.unknownMember, { id: row.user_id })}</span>
                <span className={styles.coins}>{coins(row.coins)}</span>
              </li>
            ))}
          </ol>
        )}
      </section>
      <ResetCoins base={base} confirmWord={confirmWord} disabled={disabled} text={text} onReset={reload} />
    </div>
  );
}

function GiveCoins({ base, guildId, disabled, text, coins, onChanged }: { base: string; guildId: string; disabled: boolean; text: EconomyText; coins: (value: number) => string; onChanged: () => void }) {
  const ids = useId();
  const [query, setQuery] = useState("");
  const [member, setMember] = useState<SearchMember | null>(null);
  const [amount, setAmount] = useState("");
  const [status, setStatus] = useState<{ kind: "busy" } | { kind: "done"; message: string } | { kind: "error"; message: string } | null>(null);
  const searching = query.trim() !== "" && !member ? query.trim() : null;
  const { members, loading } = useMemberSearch(guildId, searching, () => {});
  const value = Number(amount);
  const valid = member !== null && amount.trim() !== "" && Number.isInteger(value) && value !== 0;

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!member || !valid) return;
    setStatus({ kind: "busy" });
    try {
      const answer = await apiFetch<{ coins: number }>(`${base}/coin`, { method: "POST", body: { user_id: member.id, amount: value }, handles: ["validation_failed"] });
      setStatus({ kind: "done", message: fill(text.newBalance, { name: memberName(member), coins: coins(answer.coins) }) });
      setAmount("");
      onChanged();
    } catch (error) {
      if (error instanceof TransportError && error.status === 400) setStatus({ kind: "error", message: error.message });
      else {
        setStatus(null);
        reportUnshownError(error);
      }
    }
  }

  return (
    <section className={styles.part} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{text.giveTitle}</h3>
      <form className={styles.give} onSubmit={(event) => void submit(event)}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-member`}>{text.member}</label>
          <input
            id={`${ids}-member`}
            type="search"
            className={formStyles.input}
            autoComplete="off"
            value={member ? memberName(member) : query}
            disabled={disabled}
            aria-describedby={`${ids}-member-hint`}
            onChange={(event) => {
              setMember(null);
              setQuery(event.target.value);
            }}
          />
          <small id={`${ids}-member-hint`}>{member ? fill(text.selected, { name: memberName(member) }) : text.memberHint}</small>
          {searching ? (
            loading ? (
              <p role="status" className={styles.muted}>
                {text.searching}
              </p>
            ) : members.length === 0 ? (
              <p role="status" className={styles.muted}>
                {text.noMembers}
              </p>
            ) : (
              <ul className={styles.results} aria-label={text.member}>
                {members.map((found) => (
                  <li key={found.id}>
                    <button
                      type="button"
                      className="button button-ghost button-small"
                      onClick={() => {
                        setMember(found);
                        setQuery("");
                      }}
                    >
                      {memberName(found)} <span className={styles.muted}>@{found.username}</span>
                    </button>
                  </li>
                ))}
              </ul>
            )
          ) : null}
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-amount`}>{text.amount}</label>
          <input id={`${ids}-amount`} type="number" step={1} min={-1_000_000_000} max={1_000_000_000} className={formStyles.input} value={amount} disabled={disabled} aria-describedby={`${ids}-amount-hint`} onChange={(event) => setAmount(event.target.value)} />
          <small id={`${ids}-amount-hint`}>{text.amountHint}</small>
        </div>
        <button type="submit" className="button button-primary" disabled={disabled || !valid || status?.kind === "busy"}>
          {status?.kind === "busy" ? text.giving : text.give}
        </button>
      </form>
      <div aria-live="polite">
        {status?.kind === "done" ? <p className={`notice ${styles.ok}`}>{status.message}</p> : null}
        {status?.kind === "error" ? <p className="notice notice-error">{status.message}</p> : null}
      </div>
    </section>
  );
}

function ResetCoins({ base, confirmWord, disabled, text, onReset }: { base: string; confirmWord: string; disabled: boolean; text: EconomyText; onReset: () => void }) {
  const ids = useId();
  const [typed, setTyped] = useState("");
  const [status, setStatus] = useState<"busy" | "done" | null>(null);
  const confirmed = typed.trim() === confirmWord.trim();

  async function reset(event: React.FormEvent) {
    event.preventDefault();
    if (!confirmed) return;
    setStatus("busy");
    try {
      await apiFetch(`${base}/coins`, { method: "DELETE" });
      setStatus("done");
      setTyped("");
      onReset();
    } catch (error) {
      setStatus(null);
      reportUnshownError(error);
    }
  }

  return (
    <section className={`${styles.part} ${styles.danger}`} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`}>{text.resetTitle}</h3>
      <p className={styles.muted}>{text.resetWarning}</p>
      <form className={styles.give} onSubmit={(event) => void reset(event)}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-confirm`}>{fill(text.resetConfirm, { word: confirmWord })}</label>
          <input id={`${ids}-confirm`} className={formStyles.input} autoComplete="off" value={typed} disabled={disabled} onChange={(event) => setTyped(event.target.value)} />
        </div>
        <button type="submit" className={`button button-secondary ${styles.dangerButton}`} disabled={disabled || !confirmed || status === "busy"}>
          {status === "busy" ? text.resetting : text.reset}
        </button>
      </form>
      <div aria-live="polite">{status === "done" ? <p className={`notice ${styles.ok}`}>{text.resetDone}</p> : null}</div>
    </section>
  );
}
