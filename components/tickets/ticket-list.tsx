"use client";

import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import { apiFetch } from "@/lib/http/client-fetch";
import type { TicketDetail, TicketView } from "@/lib/plugins/ticketing/view";
import collection from "@/components/settings-form/collection.module.css";
import form from "@/components/settings-form/form.module.css";
import type { TicketListText } from "./ticket-list-text";
import styles from "./tickets.module.css";

// The tickets the bot reported, newest first: filters (status, panel, who opened, claimed or
// closed it), Load more by the number cursor, and a ticket's answers and transcript in a dialog.

type Page = { tickets: TicketView[]; next_before: number | null };
type Filters = { status: string; panel: string; opener: string; claimed_by: string; closed_by: string };

const NO_FILTERS: Filters = { status: "", panel: "", opener: "", claimed_by: "", closed_by: "" };
const MEMBER_FILTERS = ["opener", "claimed_by", "closed_by"] as const;
const MEMBER_LABEL = { opener: "opener", claimed_by: "claimedBy", closed_by: "closedBy" } as const;
const MEMBER_ID = /^\d{17,20}$/;

function query(filters: Filters, before: number | null): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(filters)) if (value.trim() !== "") params.set(key, value.trim());
  if (before !== null) params.set("before", String(before));
  const text = params.toString();
  return text ? `?${text}` : "";
}

type Props = { guildId: string; locale: string; initial: Page; panels: Record<string, string>; text: TicketListText };

export function TicketList({ guildId, locale, initial, panels, text }: Props) {
  const id = useId();
  const [page, setPage] = useState(initial);
  const [draft, setDraft] = useState(NO_FILTERS);
  const [applied, setApplied] = useState(NO_FILTERS);
  const [loading, setLoading] = useState(false);
  // A filter chosen in the server-drawn list before hydration is lost when React takes it over:
  // the marker tells automated journeys (and the e2e tests) when the list answers input.
  const root = useRef<HTMLElement>(null);
  useEffect(() => root.current?.setAttribute("data-hydrated", ""), []);
  // Member ids are checked once a filter is asked for, not while they are typed.
  const [tried, setTried] = useState(false);
  const [open, setOpen] = useState<TicketDetail | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const base = `/plugins/ticketing/guilds/${guildId}/tickets`;
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" });
  const invalid = (key: (typeof MEMBER_FILTERS)[number]) => draft[key].trim() !== "" && !MEMBER_ID.test(draft[key].trim());
  const filtered = Object.values(applied).some((value) => value !== "");

  async function load(filters: Filters, before: number | null) {
    setLoading(true);
    try {
      const next = await apiFetch<Page>(`${base}${query(filters, before)}`);
      setPage((current) => (before === null ? next : { tickets: [...current.tickets, ...next.tickets], next_before: next.next_before }));
      setApplied(filters);
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setLoading(false);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (MEMBER_FILTERS.some(invalid)) return;
    void load(draft, null);
  }

  async function view(ticket: TicketView) {
    setOpening(ticket.number);
    try {
      setOpen((await apiFetch<{ ticket: TicketDetail }>(`${base}/${ticket.number}`)).ticket);
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setOpening(null);
    }
  }

  const panelName = (panelId: string | null) => (panelId ? (panels[panelId] ?? text.panelDeleted) : text.panelDeleted);
  const member = (userId: string, name?: string | null) => name ?? userId;

  return (
    <section ref={root} className={collection.section} aria-labelledby={`${id}-title`} data-testid="ticket-list">
      <header className={collection.header}>
        <h2 id={`${id}-title`}>{text.title}</h2>
      </header>
      <p>{text.intro}</p>
      <form className={styles.filters} onSubmit={submit} aria-busy={loading}>
        <label className={styles.filter}>
          <span className={form.label}>{text.status}</span>
          <select className={form.input} value={draft.status} onChange={(event) => setDraft({ ...draft, status: event.target.value })}>
            <option value="">{text.statusAny}</option>
            <option value="open">{text["statusName.open"]}</option>
            <option value="closed">{text["statusName.closed"]}</option>
          </select>
        </label>
        <label className={styles.filter}>
          <span className={form.label}>{text.panel}</span>
          <select className={form.input} value={draft.panel} onChange={(event) => setDraft({ ...draft, panel: event.target.value })}>
            <option value="">{text.panelAny}</option>
            {Object.entries(panels).map(([panelId, name]) => (
              <option key={panelId} value={panelId}>
                {name}
              </option>
            ))}
          </select>
        </label>
        {MEMBER_FILTERS.map((key) => (
          <div key={key} className={styles.filter}>
            <label htmlFor={`${id}-${key}`} className={form.label}>
              {text[MEMBER_LABEL[key]]}
            </label>
            <input
              id={`${id}-${key}`}
              className={form.input}
              inputMode="numeric"
              value={draft[key]}
              placeholder={text.memberHint}
              aria-invalid={tried && invalid(key)}
              aria-describedby={tried && invalid(key) ? `${id}-${key}-hint` : undefined}
              onChange={(event) => setDraft({ ...draft, [key]: event.target.value })}
            />
            {tried && invalid(key) ? (
              <span id={`${id}-${key}-hint`} className={styles.hint} role="alert">
                {text.memberHint}
              </span>
            ) : null}
          </div>
        ))}
        <div className={styles.filterActions}>
          <button type="submit" className="button button-secondary button-small" disabled={loading}>
            {loading ? text.loading : text.apply}
          </button>
          {filtered ? (
            <button
              type="button"
              className="button button-ghost button-small"
              disabled={loading}
              onClick={() => {
                setDraft(NO_FILTERS);
                void load(NO_FILTERS, null);
              }}
            >
              {text.clear}
            </button>
          ) : null}
        </div>
      </form>
      {page.tickets.length === 0 ? (
        <p className={collection.empty} role="status">
          {filtered ? text.emptyFiltered : text.empty}
        </p>
      ) : (
        <ul className={collection.items} aria-busy={loading}>
          {page.tickets.map((ticket) => (
            <li key={ticket.id} className={collection.item} data-ticket-number={ticket.number}>
              <span className={collection.itemText}>
                <span className={collection.itemTitle}>
                  {fill(text.number, { number: ticket.number })} · {panelName(ticket.panel_id)}
                </span>
                <span className={styles.meta}>
                  <span>{fill(text.openedBy, { name: member(ticket.opener_id, ticket.opener_name), time: dates.format(new Date(ticket.opened_at)) })}</span>
                  <span>{ticket.claimed_by ? fill(text.claimed, { name: member(ticket.claimed_by) }) : text.unclaimed}</span>
                  {ticket.closed_by ? <span>{fill(text.closed, { name: member(ticket.closed_by) })}</span> : null}
                </span>
              </span>
              <span className={`badge ${ticket.status === "open" ? "badge-brand" : ""}`}>{text[`statusName.${ticket.status}`]}</span>
              <span className={collection.itemActions}>
                <button
                  type="button"
                  className="button button-secondary button-small"
                  onClick={() => void view(ticket)}
                  disabled={opening !== null}
                  aria-busy={opening === ticket.number}
                  aria-label={`${text.view}: ${fill(text.number, { number: ticket.number })}`}
                >
                  {opening === ticket.number ? text.loading : text.view}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {page.next_before !== null ? (
        <button type="button" className="button button-secondary" onClick={() => void load(applied, page.next_before)} disabled={loading} aria-busy={loading}>
          {loading ? text.loading : text.loadMore}
        </button>
      ) : null}
      {open ? <TicketDialog ticket={open} text={text} dates={dates} onClose={() => setOpen(null)} /> : null}
    </section>
  );
}

function TicketDialog({ ticket, text, dates, onClose }: { ticket: TicketDetail; text: TicketListText; dates: Intl.DateTimeFormat; onClose: () => void }) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      data-testid="ticket-dialog"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 id={`${id}-title`}>{fill(text.number, { number: ticket.number })}</h2>
      {ticket.close_reason ? <p>{fill(text.reason, { reason: ticket.close_reason })}</p> : null}
      {ticket.answers.length > 0 ? (
        <>
          <h3>{text.answers}</h3>
          <dl className={styles.answers}>
            {ticket.answers.map((answer, index) => (
              <div key={index}>
                <dt>{answer.label}</dt>
                <dd>{answer.value}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}
      <h3>{text.transcript}</h3>
      {ticket.transcript === null ? (
        <p>{text.noTranscript}</p>
      ) : ticket.transcript.length === 0 ? (
        <p>{text.emptyTranscript}</p>
      ) : (
        <ol className={styles.transcript} data-testid="ticket-transcript">
          {ticket.transcript.map((line) => (
            <li key={line.id}>
              <p className={styles.lineHead}>
                <strong>{line.author_name}</strong> <time dateTime={line.at}>{dates.format(new Date(line.at))}</time>
              </p>
              <p className={styles.lineText}>{line.content}</p>
              {line.attachments.map((url, index) => (
                <a key={url} href={url} target="_blank" rel="noopener noreferrer">
                  {fill(text.attachment, { number: index + 1 })}
                </a>
              ))}
            </li>
          ))}
        </ol>
      )}
      <div className={styles.dialogActions}>
        <button type="button" className="button button-secondary" onClick={onClose} autoFocus>
          {text.close}
        </button>
      </div>
    </dialog>
  );
}
