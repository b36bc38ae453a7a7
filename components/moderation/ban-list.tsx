"use client";

import { useEffect, useId, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import { apiFetch } from "@/lib/http/client-fetch";
import type { BanEntry } from "@/lib/moderation/lists";
import { ActDialog } from "./act-dialog";
import type { Formats } from "./format";
import { columnLabels } from "./column-labels";
import type { ModerationText } from "./text";
import { useModerationWrites } from "./use-writes";
import styles from "./moderation.module.css";

// The server's bans as the platform lists them (a page at a time), each with its reason and
// the case that made it, and an Unban that asks for a reason first. Banned users are not
// members, so the member search cannot find them: the filter narrows the names shown, and a
// user id is looked up on the platform.

type Page = { bans: BanEntry[]; next_cursor: string | null; stale: boolean };

type Props = {
  guildId: string;
  onOpen: (number: number) => void;
  defaultMinutes: number;
  refusals: Record<string, string>;
  formats: Formats;
  text: ModerationText;
};

const USER_ID = /^\d{17,20}$/;

export function BanList({ guildId, onOpen, defaultMinutes, refusals, formats, text }: Props) {
  const ids = useId();
  const writes = useModerationWrites(guildId);
  const [filter, setFilter] = useState("");
  const [retries, setRetries] = useState(0);
  const lookup = USER_ID.test(filter.trim()) ? filter.trim() : null;
  const key = `${lookup ?? ""}#${writes}#${retries}`;
  const [answer, setAnswer] = useState<{ key: string; page: Page | "failed" } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [unbanning, setUnbanning] = useState<{ id: string; name: string } | null>(null);
  const base = `/plugins/moderator/guilds/${guildId}/bans`;

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<Page>(lookup ? `${base}?user_id=${lookup}` : base, { silent: true, signal: controller.signal }).then(
      (page) => setAnswer({ key, page }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, page: "failed" });
      },
    );
    return () => controller.abort();
  }, [base, key, lookup]);
  const page = answer?.key === key ? answer.page : null;

  async function loadMore() {
    if (!page || page === "failed" || !page.next_cursor) return;
    setLoadingMore(true);
    try {
      const next = await apiFetch<Page>(`${base}?cursor=${page.next_cursor}`);
      setAnswer({ key, page: { bans: [...page.bans, ...next.bans], next_cursor: next.next_cursor, stale: page.stale || next.stale } });
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setLoadingMore(false);
    }
  }

  const t = text.bans;
  const words = filter.trim().toLocaleLowerCase();
  const shown = page && page !== "failed" ? page.bans.filter((ban) => lookup || !words || ban.user.name.toLocaleLowerCase().includes(words)) : [];
  return (
    <div className={styles.stack}>
      <div className={styles.field}>
        <label htmlFor={`${ids}-filter`}>{t.filter}</label>
        <input id={`${ids}-filter`} type="search" className="input" autoComplete="off" value={filter} onChange={(event) => setFilter(event.target.value)} aria-describedby={`${ids}-hint`} />
        <small id={`${ids}-hint`}>{t.filterHint}</small>
      </div>
      <div aria-live="polite" aria-busy={page === null}>
        {page === null ? (
          <p role="status" className={styles.muted}>
            {text.loading}
          </p>
        ) : page === "failed" ? (
          <p className="notice notice-error">
            {text.loadFailed}{" "}
            <button type="button" className="button button-ghost button-small" onClick={() => setRetries((count) => count + 1)}>
              {text.retry}
            </button>
          </p>
        ) : (
          <>
            {page.stale ? <p className="notice notice-warning">{t.stale}</p> : null}
            {shown.length === 0 ? (
              <p className={styles.muted}>{words ? t.noMatch : t.empty}</p>
            ) : (
              <table className={styles.table} style={columnLabels([t.user, t.reason, t.case, null])} data-testid="ban-list">
                <caption className="visually-hidden">{text.tabs.bans}</caption>
                <thead>
                  <tr>
                    <th scope="col">{t.user}</th>
                    <th scope="col">{t.reason}</th>
                    <th scope="col">{t.case}</th>
                    <th scope="col">
                      <span className="visually-hidden">{text.acts.unban}</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {shown.map((ban) => (
                    <tr key={ban.user.id}>
                      <td>{ban.user.name}</td>
                      <td className={styles.reason}>
                        {ban.case?.reason || ban.reason ? <span dir="auto">{ban.case?.reason || ban.reason}</span> : <span className={styles.muted}>{text.noReason}</span>}
                      </td>
                      <td>
                        {ban.case ? (
                          <button type="button" onClick={() => onOpen(ban.case!.id)}>
                            #{ban.case.id}
                          </button>
                        ) : (
                          <span className={styles.muted}>{t.noCase}</span>
                        )}
                      </td>
                      <td className={styles.action}>
                        <button type="button" className="button button-secondary button-small" onClick={() => setUnbanning({ id: ban.user.id, name: ban.user.name })} aria-label={fill(text.act.title.unban, { name: ban.user.name })}>
                          {text.acts.unban}
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            )}
            {page.next_cursor && !lookup ? (
              <button type="button" className={`button button-secondary ${styles.more}`} onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
                {loadingMore ? text.loading : text.loadMore}
              </button>
            ) : null}
          </>
        )}
      </div>
      {unbanning ? (
        <ActDialog guildId={guildId} act="unban" member={unbanning} defaultMinutes={defaultMinutes} refusals={refusals} onClose={() => setUnbanning(null)} formats={formats} text={text} />
      ) : null}
    </div>
  );
}
