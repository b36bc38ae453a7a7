"use client";

import { fill } from "@/components/settings-form/values";
import type { CaseView } from "@/lib/moderation/cases";
import { moderatorLabel, userLabel, type Formats } from "./format";
import type { ModerationText } from "./text";
import styles from "./moderation.module.css";

// Cases as a table on a wide screen and as one card per case on a phone (the same rows, each
// cell labelled by its column). The case number opens the case; the member, their history.

type Props = {
  cases: readonly CaseView[];
  caption: string;
  text: ModerationText;
  formats: Formats;
  onOpen: (number: number) => void;
  /** Without it the member is plain text (a member's own history). */
  onMember?: (member: { id: string; name: string }) => void;
};

export function CaseTable({ cases, caption, text, formats, onOpen, onMember }: Props) {
  const t = text.cases;
  return (
    <table className={styles.table}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{t.number}</th>
          <th scope="col">{t.type}</th>
          <th scope="col">{t.member}</th>
          <th scope="col">{t.moderator}</th>
          <th scope="col">{t.reason}</th>
          <th scope="col">{t.duration}</th>
          <th scope="col">{t.when}</th>
          <th scope="col">{t.pardoned}</th>
        </tr>
      </thead>
      <tbody>
        {cases.map((item) => {
          const member = userLabel(item.target, text);
          return (
            <tr key={item.id} className={item.pardoned ? styles.pardonedRow : undefined} data-testid={`case-${item.id}`}>
              <td data-label={t.number}>
                <button type="button" className={styles.linkButton} onClick={() => onOpen(item.id)} aria-label={fill(t.open, { number: item.id })}>
                  #{item.id}
                </button>
              </td>
              <td data-label={t.type}>
                <span className={`badge ${styles[`type_${item.type}`] ?? ""}`}>{text.types[item.type]}</span>
              </td>
              <td data-label={t.member}>
                {onMember ? (
                  <button type="button" className={styles.linkButton} onClick={() => onMember({ id: item.target.id, name: member })} aria-label={fill(t.history, { name: member })}>
                    <bdi>{member}</bdi>
                  </button>
                ) : (
                  <bdi>{member}</bdi>
                )}
              </td>
              <td data-label={t.moderator}>{moderatorLabel(item.moderator, text)}</td>
              <td data-label={t.reason} className={styles.reason}>
                {/* A reason runs in its own direction: English in an Arabic page keeps its order. */}
                {item.reason ? <span dir="auto">{item.reason}</span> : <span className={styles.muted}>{text.noReason}</span>}
              </td>
              <td data-label={t.duration}>
                {/* One element: on a phone each cell is a grid of its label and its content. */}
                <span>
                  {item.duration_seconds ? formats.duration(item.duration_seconds) : "—"}
                  {item.expires_at ? <span className={styles.muted}> {fill(text.until, { date: formats.date(item.expires_at) })}</span> : null}
                </span>
              </td>
              <td data-label={t.when}>
                <time dateTime={item.created_at}>{formats.date(item.created_at)}</time>
              </td>
              <td data-label={t.pardoned}>{item.pardoned ? t.pardonedYes : t.pardonedNo}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
