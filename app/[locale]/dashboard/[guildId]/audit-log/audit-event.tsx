import type { AuditEventView } from "@/lib/audit-log/list-events";
import { userAvatarUrl } from "@/lib/platform/cdn";
import type { DiffRow } from "./describe";
import { RevertButton } from "./revert-button";
import styles from "./audit.module.css";

export type EventText = { by: string; action: string; target: string; relative: string; absolute: string; revert: { revert: string; reverting: string; confirm: string; label: string }; noDetails: string; added: string; removed: string };

type Props = { event: AuditEventView; guildId: string; cdnBase: string; rows: DiffRow[]; text: EventText };

/** One change: who, what, when, the readable diff, and a revert button when the change can be undone. */
export function AuditEvent({ event, guildId, cdnBase, rows, text }: Props) {
  return (
    <li className={styles.event} data-testid="audit-event" data-event-id={event.id}>
      {/* eslint-disable-next-line @next/next/no-img-element -- small CDN avatar */}
      <img className={styles.avatar} src={userAvatarUrl(cdnBase, event.user, 64)} alt="" width={36} height={36} loading="lazy" />
      <div className={styles.body}>
        <p className={styles.summary}>
          <strong>{event.user.username}</strong> {text.action} <span className={styles.target}>{text.target}</span>
        </p>
        <p className={styles.when}>
          <time dateTime={event.at} title={text.absolute}>
            {text.relative}
          </time>
          <span aria-hidden="true"> · </span>
          <span className={styles.absolute}>{text.absolute}</span>
        </p>
        {rows.length > 0 ? (
          <ul className={styles.diff}>
            {rows.map((row, index) => (
              <li key={index} className={styles.diffRow}>
                {row.kind === "changed" ? (
                  <>
                    <span className={styles.key}>{row.label}</span>
                    <span className={styles.values}>
                      <del className={styles.before}>{row.before}</del>
                      <span className={styles.arrow} aria-hidden="true">
                        →
                      </span>
                      <ins className={styles.after}>{row.after}</ins>
                    </span>
                  </>
                ) : (
                  <>
                    <span className={`badge ${row.kind === "added" ? styles.addedBadge : styles.removedBadge}`}>{row.kind === "added" ? text.added : text.removed}</span>
                    <span className={styles.itemTitle}>{row.label}</span>
                    <span className={styles.itemSummary}>{row.value}</span>
                  </>
                )}
              </li>
            ))}
          </ul>
        ) : (
          <p className={styles.noDetails}>{text.noDetails}</p>
        )}
      </div>
      {event.revertible ? (
        <div className={styles.actions}>
          <RevertButton guildId={guildId} eventId={event.id} text={text.revert} />
        </div>
      ) : null}
    </li>
  );
}
