"use client";

import { lazy, Suspense, useEffect, useId, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import { apiFetch } from "@/lib/http/client-fetch";
import { CaseTable } from "./case-table";
import type { Formats, ListedCase } from "./format";
import type { ChosenMember } from "./member-search";
import type { ModerationText } from "./text";
import { useModerationWrites } from "./use-writes";
import { apiFilters, hasFilters, NO_FILTERS, type CaseFilters } from "./url-state";
import styles from "./moderation.module.css";

// The filters (and their member search) are shown on demand: their code loads when they open.
const CaseFilterForm = lazy(() => import("./case-filters").then((module) => ({ default: module.CaseFilterForm })));

// The guild's cases, newest first, narrowed by the filters, a page at a time (Load more asks
// for the cases before the last one shown: keyset, so a case made meanwhile neither repeats
// nor hides one). The server drew the first unfiltered page; any other is asked for here,
// and asked again after every moderation write made on the page.

export type CasePage = { infractions: ListedCase[]; next_cursor: string | null };

type Props = {
  guildId: string;
  initial: CasePage;
  filters: CaseFilters;
  onFilters: (filters: CaseFilters) => void;
  /** Members the page learnt the names of (chosen in a search). */
  names: ReadonlyMap<string, string>;
  onName: (member: ChosenMember) => void;
  onOpen: (number: number) => void;
  onMember: (member: ChosenMember) => void;
  zone: string;
  formats: Formats;
  text: ModerationText;
};

type Shown = { key: string; cases: ListedCase[]; next: string | null };

const FIRST = "?#0#0";

export function CaseList({ guildId, initial, filters, onFilters, names, onName, onOpen, onMember, zone, formats, text }: Props) {
  const base = `/plugins/moderator/guilds/${guildId}/infractions`;
  const query = apiFilters(filters, zone).toString();
  const writes = useModerationWrites(guildId);
  const [retries, setRetries] = useState(0);
  const key = `?${query}#${writes}#${retries}`;
  const [page, setPage] = useState<Shown>({ key: FIRST, cases: initial.infractions, next: initial.next_cursor });
  const [failed, setFailed] = useState<string | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  // The filters open by themselves when the address holds some; drawn only when open (the page's HTML has a budget).
  const filtersId = useId();
  const [filtersOpen, setFiltersOpen] = useState<boolean | null>(null);
  const filtersShown = filtersOpen ?? hasFilters(filters);
  const shown = page.key === key ? page : key === FIRST ? { key, cases: initial.infractions, next: initial.next_cursor } : null;

  useEffect(() => {
    if (key === FIRST) return;
    const controller = new AbortController();
    apiFetch<CasePage>(`${base}${query ? `?${query}` : ""}`, { silent: true, signal: controller.signal }).then(
      (answer) => setPage({ key, cases: answer.infractions, next: answer.next_cursor }),
      () => {
        if (!controller.signal.aborted) setFailed(key);
      },
    );
    return () => controller.abort();
  }, [base, key, query]);

  async function loadMore() {
    if (!shown?.next) return;
    setLoadingMore(true);
    try {
      const answer = await apiFetch<CasePage>(`${base}?${query ? `${query}&` : ""}cursor=${shown.next}`);
      setPage({ key: shown.key, cases: [...shown.cases, ...answer.infractions], next: answer.next_cursor });
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setLoadingMore(false);
    }
  }

  // A filter read from the address names its member as the cases shown do.
  const nameOf = (id: string) =>
    names.get(id) ?? shown?.cases.find((item) => item.target.id === id)?.target.name ?? shown?.cases.find((item) => item.moderator.id === id)?.moderator.name ?? fill(text.people.unknown, { id });

  const t = text.cases;
  return (
    <div className={styles.stack}>
      <div className={styles.listHead}>
        <button type="button" className="button button-secondary button-small" aria-expanded={filtersShown} aria-controls={filtersId} onClick={() => setFiltersOpen(!filtersShown)}>
          {t.filters}
        </button>
        {hasFilters(filters) ? (
          <button type="button" className="button button-ghost button-small" onClick={() => onFilters(NO_FILTERS)}>
            {t.clearFilters}
          </button>
        ) : null}
        <a className="button button-secondary button-small" href={`/api${base}/export${query ? `?${query}` : ""}`} download>
          {t.export}
        </a>
      </div>
      <div id={filtersId}>
        {filtersShown ? (
          <Suspense
            fallback={
              <p role="status" className={styles.muted}>
                {text.loading}
              </p>
            }
          >
            <CaseFilterForm guildId={guildId} filters={filters} onChange={onFilters} nameOf={nameOf} onName={onName} zone={zone} text={text} />
          </Suspense>
        ) : null}
      </div>
      <div aria-live="polite" aria-busy={shown === null}>
        {shown === null ? (
          failed === key ? (
            <p className="notice notice-error">
              {text.loadFailed}{" "}
              <button type="button" className="button button-ghost button-small" onClick={() => setRetries((count) => count + 1)}>
                {text.retry}
              </button>
            </p>
          ) : (
            <p role="status" className={styles.muted}>
              {text.loading}
            </p>
          )
        ) : shown.cases.length === 0 ? (
          <p className={styles.muted}>{hasFilters(filters) ? t.noMatch : t.empty}</p>
        ) : (
          <CaseTable cases={shown.cases} caption={t.caption} text={text} formats={formats} onOpen={onOpen} onMember={onMember} />
        )}
      </div>
      {shown?.next ? (
        <button type="button" className={`button button-secondary ${styles.more}`} onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
          {loadingMore ? text.loading : text.loadMore}
        </button>
      ) : null}
    </div>
  );
}
