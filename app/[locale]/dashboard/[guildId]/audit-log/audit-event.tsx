import Link from "next/link";
import type { AuditEventView } from "@/lib/audit-log/list-events";
import { userAvatarUrl } from "@/lib/platform/cdn";
import type { DiffRow, Entity } from "./describe";
import type { SentencePart } from "./sentence";
import type { Shown } from "./values";
import { RevertButton } from "./revert-button";
import styles from "./audit.module.css";

export type EventText = {
  relative: string;
  absolute: string;
  revert: { revert: string; reverting: string; confirm: string; label: string };
  noDetails: string;
  openMessage: string;
  fullText: string;
};

type Props = { event: AuditEventView; guildId: string; cdnBase: string; sentence: SentencePart[]; rows: DiffRow[]; link?: string; text: EventText };

/** One change: who did what as a sentence, when, the readable diff, and a revert button when the change can be undone. */
export function AuditEvent({ event, guildId, cdnBase, sentence, rows, link, text }: Props) {
  return (
    <li className={styles.event} data-testid="audit-event" data-event-id={event.id}>
      {/* eslint-disable-next-line @next/next/no-img-element -- small CDN avatar */}
      <img className={styles.avatar} src={userAvatarUrl(cdnBase, event.user, 64)} alt="" width={36} height={36} loading="lazy" />
      <div className={styles.body}>
        <p className={styles.summary}>
          {sentence.map((part, index) => (typeof part === "string" ? part : <EntityName key={index} name={part.name} entity={part.entity} />))}
          {link ? (
            <>
              {" "}
              <a className={styles.open} href={link} target="_blank" rel="noopener noreferrer" data-testid="audit-message-link">
                {text.openMessage}
              </a>
            </>
          ) : null}
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
                <span className={styles.key}>{row.label}</span>
                {row.kind === "changed" ? (
                  <span className={styles.values}>
                    <del className={styles.before}>
                      <Value shown={row.before} />
                    </del>
                    <span className={styles.arrow} aria-hidden="true">
                      →
                    </span>
                    <ins className={styles.after}>
                      <Value shown={row.after} />
                    </ins>
                  </span>
                ) : (
                  <span className={styles.value}>
                    <Value shown={row.value} />
                  </span>
                )}
                <FullText row={row} label={text.fullText} />
              </li>
            ))}
          </ul>
        ) : link ? null : (
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

/** Names come from users and the platform: isolated, so a right-to-left page does not reorder them with the words around. */
function EntityName({ name, entity }: { name: string; entity: Entity }) {
  const text = <bdi>{entity.text}</bdi>;
  if (name === "user") return <strong className={styles.who}>{text}</strong>;
  if (entity.href) {
    return (
      <Link className={styles.target} href={entity.href}>
        {text}
      </Link>
    );
  }
  // Only links take the link colour: an item's title or a channel is plain bold text.
  return (
    <span className={styles.place} title={entity.full}>
      {text}
    </span>
  );
}

function Value({ shown }: { shown: Shown }) {
  const swatch = shown.swatch ? <span className={styles.swatch} style={{ background: shown.swatch }} aria-hidden="true" /> : null;
  const text = <bdi className={shown.missing ? styles.missing : undefined}>{shown.text}</bdi>;
  if (shown.href) {
    return (
      <a href={shown.href} target="_blank" rel="noopener noreferrer">
        {text}
      </a>
    );
  }
  return (
    <span title={shown.full}>
      {swatch}
      {text}
      {shown.more ? <span className={styles.more}> {shown.more}</span> : null}
    </span>
  );
}

/** Shortened texts open in full below their row. */
function FullText({ row, label }: { row: DiffRow; label: string }) {
  const sides = row.kind === "changed" ? [row.before, row.after] : [row.value];
  if (!sides.some((side) => side.full)) return null;
  return (
    <details className={styles.full}>
      <summary>{label}</summary>
      {row.kind === "changed" ? (
        <>
          <del className={styles.fullBefore} dir="auto">
            {row.before.full ?? row.before.text}
          </del>
          <ins className={styles.fullAfter} dir="auto">
            {row.after.full ?? row.after.text}
          </ins>
        </>
      ) : (
        <p className={styles.fullValue} dir="auto">
          {row.value.full}
        </p>
      )}
    </details>
  );
}
