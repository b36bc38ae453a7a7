"use client";

import { useEffect, useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { fill } from "@/lib/i18n/fill";
import { apiFetch } from "@/lib/http/client-fetch";
import { CASE_TYPES } from "@/lib/moderation/case-types";
import type { CaseView } from "@/lib/moderation/cases";
import { ActDialog, type ActKind } from "./act-dialog";
import { CaseTable } from "./case-table";
import type { Formats } from "./format";
import { MemberSearch, type ChosenMember } from "./member-search";
import type { ModerationText } from "./text";
import { useModerationWrites } from "./use-writes";
import styles from "./moderation.module.css";

// One member's record: their cases of every kind (pardoned ones too), counted by type, and
// whether they are timed out or banned now, as the platform says, with the acts that fit.

type History = {
  user: { id: string; name: string | null; avatar: string | null };
  member: boolean;
  counts: Partial<Record<CaseView["type"], number>>;
  timeout_until: string | null;
  ban: { reason: string | null } | null;
  /** False when the bot cannot see bans (no Ban Members). */
  ban_known: boolean;
  infractions: CaseView[];
  next_cursor: string | null;
};

type Props = {
  guildId: string;
  member: ChosenMember | null;
  onMember: (member: ChosenMember | null) => void;
  onOpen: (number: number) => void;
  defaultMinutes: number;
  refusals: Record<string, string>;
  formats: Formats;
  text: ModerationText;
};

/** The acts that fit where the member stands. */
function actsFor(history: History): ActKind[] {
  const banned = history.ban !== null || !history.ban_known;
  if (history.member) return ["warn", history.timeout_until ? "timeout_removed" : "timeout", "kick", "ban", "note"];
  return [...(history.ban === null ? (["ban"] as const) : []), ...(banned ? (["unban"] as const) : []), "note"];
}

/** Why they are banned: the reason of the ban's case (the platform's adds who asked, through the bot), else the platform's. */
function banReason(history: History): string | null {
  return history.infractions.find((item) => item.type === "ban")?.reason || history.ban?.reason || null;
}

export function MemberHistory({ guildId, member, onMember, onOpen, defaultMinutes, refusals, formats, text }: Props) {
  const writes = useModerationWrites(guildId);
  const [retries, setRetries] = useState(0);
  const memberId = member?.id;
  const key = memberId ? `${memberId}#${writes}#${retries}` : null;
  const [answer, setAnswer] = useState<{ key: string; memberId: string; history: History | "failed" } | null>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [acting, setActing] = useState<{ act: ActKind; member: ChosenMember } | null>(null);
  const base = `/plugins/moderator/guilds/${guildId}`;

  useEffect(() => {
    if (!memberId || !key) return;
    const controller = new AbortController();
    apiFetch<History>(`${base}/members/${memberId}/history`, { silent: true, signal: controller.signal }).then(
      (history) => setAnswer({ key, memberId, history }),
      () => {
        if (!controller.signal.aborted) setAnswer({ key, memberId, history: "failed" });
      },
    );
    return () => controller.abort();
  }, [base, key, memberId]);
  // Read again after an act, the member's record stays on screen until the new one arrives (a failure, until the retry answers).
  const history = answer && answer.memberId === memberId && (answer.history !== "failed" || answer.key === key) ? answer.history : null;

  async function loadMore() {
    if (!history || history === "failed" || !history.next_cursor || !key) return;
    setLoadingMore(true);
    try {
      const page = await apiFetch<{ infractions: CaseView[]; next_cursor: string | null }>(`${base}/infractions?user_id=${history.user.id}&include_pardoned=true&cursor=${history.next_cursor}`);
      setAnswer({ key, memberId: history.user.id, history: { ...history, infractions: [...history.infractions, ...page.infractions], next_cursor: page.next_cursor } });
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setLoadingMore(false);
    }
  }

  const t = text.history;
  const name = (history && history !== "failed" ? history.user.name : null) ?? member?.name ?? "";
  return (
    <div className={styles.stack}>
      <MemberSearch guildId={guildId} label={t.search} chosen={member ? { id: member.id, name } : null} onChoose={onMember} text={text.search} />
      {!member ? (
        <p className={styles.muted}>{t.intro}</p>
      ) : history === null ? (
        <p role="status" className={styles.muted}>
          {text.loading}
        </p>
      ) : history === "failed" ? (
        <p className="notice notice-error">
          {text.loadFailed}{" "}
          <button type="button" className="button button-ghost button-small" onClick={() => setRetries((count) => count + 1)}>
            {text.retry}
          </button>
        </p>
      ) : (
        <section className={styles.stack} aria-labelledby="member-history-title" data-testid="member-history">
          <h3 id="member-history-title" className={styles.subTitle}>
            {fill(t.title, { name })}
          </h3>
          <ul className={styles.standing}>
            {history.member ? null : <li>{t.notMember}</li>}
            {history.timeout_until ? <li className="badge">{fill(t.timedOut, { date: formats.date(history.timeout_until) })}</li> : null}
            {history.ban ? <li className="badge">{banReason(history) ? fill(t.bannedFor, { reason: banReason(history)! }) : t.banned}</li> : null}
            {history.ban_known ? null : <li className={styles.muted}>{t.banUnknown}</li>}
          </ul>
          <div role="group" aria-label={t.actions} className={styles.actions}>
            {actsFor(history).map((act) => (
              <button key={act} type="button" className={`button button-small ${act === "ban" || act === "kick" ? `button-secondary ${styles.dangerButton}` : "button-secondary"}`} onClick={() => setActing({ act, member: { id: history.user.id, name } })}>
                {text.acts[act]}
              </button>
            ))}
          </div>
          <h4 className={styles.subTitle}>{t.counts}</h4>
          {history.infractions.length === 0 ? (
            <p className={styles.muted}>{t.noCases}</p>
          ) : (
            <>
              <dl className={styles.counts}>
                {CASE_TYPES.filter((type) => history.counts[type]).map((type) => (
                  <div key={type}>
                    <dt>{text.types[type]}</dt>
                    <dd>{history.counts[type]}</dd>
                  </div>
                ))}
              </dl>
              <CaseTable cases={history.infractions} caption={fill(t.title, { name })} text={text} formats={formats} onOpen={onOpen} />
              {history.next_cursor ? (
                <button type="button" className={`button button-secondary ${styles.more}`} onClick={() => void loadMore()} disabled={loadingMore} aria-busy={loadingMore}>
                  {loadingMore ? text.loading : text.loadMore}
                </button>
              ) : null}
            </>
          )}
        </section>
      )}
      {acting ? (
        <ActDialog guildId={guildId} act={acting.act} member={acting.member} defaultMinutes={defaultMinutes} refusals={refusals} onClose={() => setActing(null)} formats={formats} text={text} />
      ) : null}
    </div>
  );
}
