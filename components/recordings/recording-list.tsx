"use client";

import { useEffect, useId, useRef, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { DeleteDialog } from "@/components/action-panel/delete-dialog";
import { Feedback } from "@/components/action-panel/feedback";
import { useAction } from "@/components/action-panel/use-action";
import collection from "@/components/settings-form/collection.module.css";
import { apiFetch } from "@/lib/http/client-fetch";
import { fill } from "@/lib/i18n/fill";
import type { RecordingPage, RecordingView } from "@/lib/plugins/record/view";
import type { RecordingListText } from "./recording-list-text";
import styles from "./recordings.module.css";

// The recordings the bot made, newest first: channel, start (in the server's time zone),
// length, size and who was heard; Load more by the cursor; a download asks for a short-lived
// link and follows it; a delete is asked first and writes the audit log.

type Props = { guildId: string; locale: string; timeZone: string; initial: RecordingPage; channels: Record<string, string>; text: RecordingListText };

/** "1:05:09" or "4:07": hours only when there are some. */
function clock(seconds: number): string {
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const pad = (value: number) => String(value).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

function bytes(size: number, locale: string): string {
  const units = ["byte", "kilobyte", "megabyte", "gigabyte"] as const;
  const step = Math.min(units.length - 1, Math.floor(Math.log(Math.max(size, 1)) / Math.log(1024)));
  return new Intl.NumberFormat(locale, { style: "unit", unit: units[step], unitDisplay: "short", maximumFractionDigits: 1 }).format(size / 1024 ** step);
}

export function RecordingList({ guildId, locale, timeZone, initial, channels, text }: Props) {
  const id = useId();
  const [page, setPage] = useState(initial);
  const [loading, setLoading] = useState(false);
  const [deleting, setDeleting] = useState<RecordingView | null>(null);
  const action = useAction(text.failed);
  const root = useRef<HTMLElement>(null);
  // Marks when the list answers clicks (the e2e journeys wait for it).
  useEffect(() => root.current?.setAttribute("data-hydrated", ""), []);
  const base = `/plugins/record/guilds/${guildId}/recordings`;
  const dates = new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short", timeZone });
  const channelName = (channelId: string) => (channels[channelId] ? `🔊 ${channels[channelId]}` : text.deletedChannel);
  const label = (recording: RecordingView) => `${channelName(recording.channel_id)} · ${dates.format(new Date(recording.started_at))}`;

  async function more() {
    if (!page.next_before) return;
    setLoading(true);
    await action.run(async () => {
      const next = await apiFetch<RecordingPage>(`${base}?before=${encodeURIComponent(page.next_before!)}`);
      setPage((current) => ({ recordings: [...current.recordings, ...next.recordings], names: { ...current.names, ...next.names }, next_before: next.next_before }));
      return null;
    });
    setLoading(false);
  }

  /** The first page again, after a delete (done, or refused because it was gone already). */
  async function refresh() {
    try {
      setPage(await apiFetch<RecordingPage>(base));
    } catch (error) {
      reportUnshownError(error);
    }
  }

  function download(recording: RecordingView) {
    void action.run(async () => {
      const link = await apiFetch<{ url: string }>(`${base}/${recording.id}/download-link`);
      // The link is short-lived: followed at once, the browser saves the file (an attachment).
      window.location.assign(link.url);
      return fill(text.downloadReady, { name: label(recording) });
    });
  }

  return (
    <section ref={root} className={collection.section} aria-labelledby={`${id}-title`} data-testid="recording-list">
      <header className={collection.header}>
        <h2 id={`${id}-title`}>{text.title}</h2>
      </header>
      <p>{text.intro}</p>
      <p className={styles.zone}>{fill(text.zone, { zone: timeZone })}</p>
      {page.recordings.length === 0 ? (
        <p className={collection.empty} role="status">
          {text.empty}
        </p>
      ) : (
        <ul className={collection.items} aria-busy={loading}>
          {page.recordings.map((recording) => (
            <li key={recording.id} className={collection.item} data-recording-id={recording.id}>
              <span className={collection.itemText}>
                <span className={collection.itemTitle}>{channelName(recording.channel_id)}</span>
                <dl className={styles.meta}>
                  <dt>{text.started}</dt>
                  <dd>
                    <time dateTime={recording.started_at}>{dates.format(new Date(recording.started_at))}</time>
                  </dd>
                  <dt>{text.duration}</dt>
                  <dd>{clock(recording.duration_s)}</dd>
                  <dt>{text.size}</dt>
                  <dd>{bytes(recording.size_bytes, locale)}</dd>
                </dl>
                <p className={styles.people}>
                  {text.participants}: {recording.participants.length === 0 ? text.nobody : recording.participants.map((user) => page.names[user] ?? user).join(", ")}
                </p>
              </span>
              <span className={collection.itemActions}>
                <button type="button" className="button button-secondary button-small" onClick={() => download(recording)} disabled={action.busy} aria-label={`${text.download}: ${label(recording)}`}>
                  {text.download}
                </button>
                <button type="button" className={`button button-ghost button-small ${collection.danger}`} onClick={() => setDeleting(recording)} disabled={action.busy} aria-label={`${text.delete}: ${label(recording)}`}>
                  {text.delete}
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      {page.next_before ? (
        <button type="button" className="button button-secondary" onClick={() => void more()} disabled={loading} aria-busy={loading}>
          {loading ? text.loading : text.loadMore}
        </button>
      ) : null}
      <Feedback done={action.done} refusal={action.refusal} testId="recording-action" />
      <DeleteDialog
        open={deleting !== null}
        onClose={() => {
          setDeleting(null);
          void refresh();
        }}
        name={deleting ? label(deleting) : ""}
        path={deleting ? `${base}/${deleting.id}` : ""}
        handles={["recording_not_found"]}
        text={{ title: text.deleteTitle, description: text.deleteDescription, confirm: text.deleteConfirm, back: text.deleteBack, busy: text.deleteBusy, done: text.deleteDone }}
        action={action}
        testId="recording-delete"
      />
    </section>
  );
}
