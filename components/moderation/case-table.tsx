"use client";

import { fill } from "@/lib/i18n/fill";
import { moderatorLabel, userLabel, type Formats, type ListedCase } from "./format";
import { columnLabels } from "./column-labels";
import type { ModerationText } from "./text";
import styles from "./moderation.module.css";

// Cases as a table on a wide screen and as one card per case on a phone (each cell labelled
// by its column, the labels given once for the table). The case number opens the case; the
// member, their history. The rows carry no class or label of their own: the server draws the
// first page into the page's HTML, which has a size budget (bench/pages.ts).

type Props = {
  cases: readonly ListedCase[];
  caption: string;
  text: ModerationText;
  formats: Formats;
  onOpen: (number: number) => void;
  /** Without it the member is plain text (a member's own history). */
  onMember?: (member: { id: string; name: string }) => void;
};

export function CaseTable({ cases, caption, text, formats, onOpen, onMember }: Props) {
  const t = text.cases;
  const columns = [t.number, t.type, t.member, t.moderator, t.reason, t.duration, t.when, t.pardoned];
  return (
    <table className={`${styles.table} ${styles.cases}`} style={columnLabels(columns)}>
      <caption className="visually-hidden">{caption}</caption>
      <thead>
        <tr>
          {columns.map((column) => (
            <th key={column} scope="col">
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {cases.map((item) => {
          const member = userLabel(item.target, text);
          return (
            <tr key={item.id} data-pardoned={item.pardoned ? "" : undefined}>
              <td>
                <button type="button" onClick={() => onOpen(item.id)}>
                  #{item.id}
                </button>
              </td>
              <td>
                <span className="badge" data-type={item.type}>
                  {text.types[item.type]}
                </span>
              </td>
              <td>
                {onMember ? (
                  <button type="button" onClick={() => onMember({ id: item.target.id, name: member })}>
                    <bdi>{member}</bdi>
                  </button>
                ) : (
                  <bdi>{member}</bdi>
                )}
              </td>
              <td>{moderatorLabel(item.moderator, text)}</td>
              {/* A reason runs in its own direction: English in an Arabic page keeps its order. */}
              <td>{item.reason ? <span dir="auto">{item.reason}</span> : <span className={styles.muted}>{text.noReason}</span>}</td>
              <td>
                {/* One element: on a phone each cell is a grid of its label and its content. */}
                <span>
                  {item.duration_seconds ? formats.duration(item.duration_seconds) : "—"}
                  {item.expires_at ? <span className={styles.muted}> {fill(text.until, { date: formats.date(item.expires_at) })}</span> : null}
                </span>
              </td>
              <td>
                <time dateTime={item.created_at}>{formats.date(item.created_at)}</time>
              </td>
              <td>{item.pardoned ? t.pardonedYes : t.pardonedNo}</td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
