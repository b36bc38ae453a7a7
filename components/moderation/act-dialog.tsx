"use client";

import { useId, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";
import type { CaseView } from "@/lib/moderation/cases";
import { DurationField, durationMinutes, durationOf } from "./duration-field";
import type { Formats } from "./format";
import { Modal } from "./modal";
import type { ModerationText } from "./text";
import styles from "./moderation.module.css";

// An act on one member: warn, time out, remove a timeout, kick, ban, unban, or a note. The
// dialog sends one idempotency key for as long as it is open, so a second press (or a retry
// after a lost answer) makes one case. A refusal (the member ranks above the bot, the bot
// lacks a permission…) is shown here in the server's words; after the act, what followed:
// a warning threshold reached (worded by the page with the plugin's threshold), and whether
// the member was told by direct message.

export type ActKind = keyof ModerationText["acts"];

type Props = {
  guildId: string;
  act: ActKind;
  member: { id: string; name: string };
  defaultMinutes: number;
  /** Why the bot could not escalate, by issue code, in the page's language. */
  refusals: Record<string, string>;
  onClose: () => void;
  formats: Formats;
  text: ModerationText;
};

type Answer = { infraction: CaseView; escalation: { case: CaseView } | { refused: string } | null; notice: "sent" | "failed" | "off" | null };
type Status = { kind: "editing" } | { kind: "sending" } | { kind: "refused"; message: string } | { kind: "done"; answer: Answer };

/** Refusals of an act the dialog explains itself (lib/moderation/can-act.ts, acts.ts). */
const REFUSALS = [
  "mod_target_owner", "mod_target_bot", "mod_bot_cannot_ban", "mod_bot_cannot_kick", "mod_bot_cannot_timeout", "not_a_member",
  "mod_target_above_bot", "mod_target_above_you", "mod_target_admin", "mod_not_banned", "mod_platform_refused", "validation_failed",
];
const DELETE_CHOICES = [
  [0, "deleteNone"],
  [3_600, "deleteHour"],
  [86_400, "deleteDay"],
  [604_800, "deleteWeek"],
] as const;

/** A key no other opening of the dialog shares (crypto.randomUUID needs a secure origin; this does not). */
function newKey(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export function ActDialog({ guildId, act, member, defaultMinutes, refusals, onClose, formats, text }: Props) {
  const ids = useId();
  const t = text.act;
  const [key] = useState(newKey);
  const [reason, setReason] = useState("");
  const [duration, setDuration] = useState(() => durationOf(defaultMinutes));
  const [deleteSeconds, setDeleteSeconds] = useState(0);
  const [status, setStatus] = useState<Status>({ kind: "editing" });
  const minutes = durationMinutes(duration);
  const sending = status.kind === "sending";

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (sending || (act === "timeout" && minutes === null)) return;
    setStatus({ kind: "sending" });
    const body = {
      type: act,
      user_id: member.id,
      reason: reason.trim(),
      idempotency_key: key,
      ...(act === "timeout" && minutes !== null && { duration_minutes: minutes }),
      ...(act === "ban" && { delete_message_seconds: deleteSeconds }),
    };
    try {
      setStatus({ kind: "done", answer: await apiFetch<Answer>(`/plugins/moderator/guilds/${guildId}/infractions`, { method: "POST", body, handles: REFUSALS }) });
    } catch (error) {
      if (error instanceof TransportError && error.status !== undefined && error.status < 500 && REFUSALS.includes(String((error.body as { code?: unknown })?.code))) {
        setStatus({ kind: "refused", message: error.message });
      } else {
        setStatus({ kind: "editing" });
        reportUnshownError(error);
      }
    }
  }

  return (
    <Modal title={fill(t.title[act], { name: member.name })} onClose={onClose} busy={sending} testId="act-dialog">
      {status.kind === "done" ? (
        <>
          <div className={styles.dialogBody} role="status">
            <Outcome act={act} answer={status.answer} refusals={refusals} formats={formats} text={text} />
          </div>
          <div className={styles.dialogFoot}>
            <button type="button" className="button button-primary" onClick={onClose} autoFocus>
              {t.close}
            </button>
          </div>
        </>
      ) : (
        <form onSubmit={(event) => void submit(event)}>
          <div className={`${styles.dialogBody} ${styles.stack}`}>
            {act === "timeout" ? <DurationField value={duration} onChange={setDuration} invalid={minutes === null} disabled={sending} text={t} /> : null}
            {act === "ban" ? (
              <div className={styles.field}>
                <label htmlFor={`${ids}-delete`}>{t.deleteMessages}</label>
                <select id={`${ids}-delete`} className="input" value={deleteSeconds} onChange={(event) => setDeleteSeconds(Number(event.target.value))} disabled={sending}>
                  {DELETE_CHOICES.map(([seconds, label]) => (
                    <option key={seconds} value={seconds}>
                      {t[label]}
                    </option>
                  ))}
                </select>
              </div>
            ) : null}
            <div className={styles.field}>
              <label htmlFor={`${ids}-reason`}>{act === "note" ? t.note : t.reason}</label>
              <textarea
                id={`${ids}-reason`}
                dir="auto"
                className={`input ${styles.textarea}`}
                rows={3}
                maxLength={512}
                value={reason}
                required={act === "note"}
                onChange={(event) => setReason(event.target.value)}
                disabled={sending}
                aria-describedby={`${ids}-reason-hint`}
                autoFocus
              />
              <small id={`${ids}-reason-hint`}>{act === "note" ? t.noteHint : t.reasonHint}</small>
            </div>
            <div aria-live="assertive">{status.kind === "refused" ? <p className="notice notice-error">{status.message}</p> : null}</div>
          </div>
          <div className={styles.dialogFoot}>
            <button type="button" className="button button-ghost" onClick={onClose} disabled={sending}>
              {t.cancel}
            </button>
            <button type="submit" className={`button ${act === "ban" || act === "kick" ? `button-secondary ${styles.dangerButton}` : "button-primary"}`} disabled={sending || (act === "timeout" && minutes === null)} aria-busy={sending}>
              {sending ? t.sending : text.acts[act]}
            </button>
          </div>
        </form>
      )}
    </Modal>
  );
}

function Outcome({ act, answer, refusals, formats, text }: { act: ActKind; answer: Answer; refusals: Record<string, string>; formats: Formats; text: ModerationText }) {
  const t = text.act;
  const made = answer.infraction;
  const escalation = answer.escalation;
  const lines = [
    `${fill(t.done[act], { date: made.expires_at ? formats.date(made.expires_at) : "" })} ${fill(t.caseMade, { number: made.id })}`,
    escalation && "case" in escalation
      ? escalation.case.type === "ban"
        ? t.escalatedBan
        : fill(t.escalatedTimeout, { duration: formats.duration(escalation.case.duration_seconds ?? 0) })
      : null,
    escalation && "refused" in escalation ? fill(t.escalationRefused, { reason: refusals[escalation.refused] ?? escalation.refused }) : null,
    answer.notice === "sent" ? t.noticeSent : answer.notice === "failed" ? t.noticeFailed : null,
  ];
  return (
    <>
      {lines.map((line, index) => (line ? <p key={index} className={index === 0 ? "notice notice-success" : undefined}>{line}</p> : null))}
    </>
  );
}
