"use client";

import { useEffect, useId, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";
import type { CaseView } from "@/lib/moderation/cases";
import { moderatorLabel, userLabel, type Formats } from "./format";
import { Modal } from "./modal";
import type { ModerationText } from "./text";
import styles from "./moderation.module.css";

// One case: what it records, its reason to edit, a pardon to give or lift, and a delete asked
// twice. Every change sends the version the dialog shows; when someone changed the case
// meanwhile (412) the dialog says so and shows the case as it is now, to be tried again.

type Props = {
  guildId: string;
  number: number;
  onClose: () => void;
  onMember?: (member: { id: string; name: string }) => void;
  formats: Formats;
  text: ModerationText;
};

type Busy = "reason" | "pardon" | "delete" | null;
type Notice = { kind: "ok" | "warning"; text: string } | null;
const HANDLED = ["version_conflict", "case_not_found"];

export function CaseDialog({ guildId, number, onClose, onMember, formats, text }: Props) {
  const ids = useId();
  const t = text.case;
  const path = `/plugins/moderator/guilds/${guildId}/infractions/${number}`;
  // Read afresh when it opens: every change sends the version read.
  const [item, setItem] = useState<CaseView | null>(null);
  const [reason, setReason] = useState("");
  const [gone, setGone] = useState<string | null>(null);
  const [busy, setBusy] = useState<Busy>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState(false);

  function show(fresh: CaseView) {
    setItem(fresh);
    setReason(fresh.reason);
  }

  useEffect(() => {
    const controller = new AbortController();
    apiFetch<{ infraction: CaseView }>(path, { signal: controller.signal, handles: HANDLED }).then(
      (answer) => show(answer.infraction),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (error instanceof TransportError && error.status === 404) setGone(t.gone);
        else reportUnshownError(error);
      },
    );
    return () => controller.abort();
  }, [path, t.gone]);

  async function change(kind: Exclude<Busy, null>, send: () => Promise<CaseView | null>, done: string) {
    setBusy(kind);
    setNotice(null);
    try {
      const fresh = await send();
      if (fresh) show(fresh);
      else setGone(done);
      setNotice(fresh ? { kind: "ok", text: done } : null);
    } catch (error) {
      if (error instanceof TransportError && error.status === 412) {
        setNotice({ kind: "warning", text: t.conflict });
        const answer = await apiFetch<{ infraction: CaseView }>(path, { handles: HANDLED }).catch(() => null);
        if (answer) show(answer.infraction);
        else setGone(t.gone);
      } else if (error instanceof TransportError && error.status === 404) setGone(t.gone);
      else reportUnshownError(error);
    } finally {
      setBusy(null);
      setConfirming(false);
    }
  }

  const patch = (body: Record<string, unknown>) => async () => (await apiFetch<{ infraction: CaseView }>(path, { method: "PATCH", body: { ...body, version: item!.version }, handles: HANDLED })).infraction;
  const remove = async () => {
    await apiFetch(`${path}?version=${item!.version}`, { method: "DELETE", handles: HANDLED });
    return null;
  };

  const member = item ? userLabel(item.target, text) : "";
  return (
    <Modal title={fill(t.title, { number })} onClose={onClose} busy={busy !== null} testId="case-dialog">
      <div className={styles.dialogBody} aria-live="polite">
        {gone ? (
          <p className="notice">{gone}</p>
        ) : !item ? (
          <p role="status" className={styles.muted}>
            {text.loading}
          </p>
        ) : (
          <>
            <dl className={styles.facts}>
              <dt>{text.cases.type}</dt>
              <dd>{text.types[item.type]}</dd>
              <dt>{text.cases.member}</dt>
              <dd>
                {onMember ? (
                  <button type="button" className={styles.linkButton} onClick={() => onMember({ id: item.target.id, name: member })}>
                    {member}
                  </button>
                ) : (
                  member
                )}
              </dd>
              <dt>{text.cases.moderator}</dt>
              <dd>{moderatorLabel(item.moderator, text)}</dd>
              <dt>{text.cases.when}</dt>
              <dd>{formats.date(item.created_at)}</dd>
              {item.duration_seconds ? (
                <>
                  <dt>{text.cases.duration}</dt>
                  <dd>
                    {formats.duration(item.duration_seconds)}
                    {item.expires_at ? ` ${fill(text.until, { date: formats.date(item.expires_at) })}` : ""}
                  </dd>
                </>
              ) : null}
              {item.pardoned ? (
                <>
                  <dt>{text.cases.pardoned}</dt>
                  <dd>{fill(t.pardonedOn, { date: formats.date(item.pardoned.at) })}</dd>
                </>
              ) : null}
            </dl>
            {item.related_case_id ? <p className={styles.muted}>{fill(t.related, { number: item.related_case_id })}</p> : null}
            <form
              className={styles.stack}
              onSubmit={(event) => {
                event.preventDefault();
                void change("reason", patch({ reason }), t.saved);
              }}
            >
              <div className={styles.field}>
                <label htmlFor={`${ids}-reason`}>{t.reason}</label>
                <textarea id={`${ids}-reason`} dir="auto" className={`input ${styles.textarea}`} value={reason} maxLength={512} rows={3} onChange={(event) => setReason(event.target.value)} disabled={busy !== null} />
              </div>
              <div className={styles.actions}>
                <button type="submit" className="button button-primary" disabled={busy !== null || reason === item.reason}>
                  {busy === "reason" ? t.saving : t.save}
                </button>
                <button type="button" className="button button-secondary" disabled={busy !== null} onClick={() => void change("pardon", patch({ pardoned: !item.pardoned }), item.pardoned ? t.unpardonDone : t.pardonDone)}>
                  {busy === "pardon" ? (item.pardoned ? t.unpardoning : t.pardoning) : item.pardoned ? t.unpardon : t.pardon}
                </button>
              </div>
              {item.pardoned ? null : <small className={styles.muted}>{t.pardonHint}</small>}
            </form>
            <div className={styles.danger}>
              {confirming ? (
                <div role="group" aria-label={t.delete} className={styles.stack}>
                  <p>{fill(t.deleteQuestion, { number })}</p>
                  <div className={styles.actions}>
                    <button type="button" className="button button-ghost" onClick={() => setConfirming(false)} disabled={busy !== null}>
                      {t.deleteKeep}
                    </button>
                    <button type="button" className={`button button-secondary ${styles.dangerButton}`} onClick={() => void change("delete", remove, fill(t.deleted, { number }))} disabled={busy !== null}>
                      {busy === "delete" ? t.deleting : t.delete}
                    </button>
                  </div>
                </div>
              ) : (
                <button type="button" className={`button button-secondary ${styles.dangerButton}`} onClick={() => setConfirming(true)} disabled={busy !== null}>
                  {t.delete}
                </button>
              )}
            </div>
          </>
        )}
        {notice ? <p className={`notice ${notice.kind === "ok" ? "notice-success" : "notice-warning"}`}>{notice.text}</p> : null}
      </div>
      <div className={styles.dialogFoot}>
        <button type="button" className="button button-ghost" onClick={onClose} disabled={busy !== null}>
          {t.close}
        </button>
      </div>
    </Modal>
  );
}
