"use client";

import { useId, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import { useMemberSearch } from "@/components/message-editor/use-member-search";
import { memberName, type SearchMember } from "@/components/message-editor/suggest";
import { apiFetch } from "@/lib/http/client-fetch";
import styles from "./levels-admin.module.css";

export type LevelsAdminText = {
  dangerTitle: string;
  dangerIntro: string;
  resetAllTitle: string;
  /** `{count}`: members holding XP now. */
  resetAllHelp: string;
  /** `{name}`: the server's name, to be typed. */
  typeToConfirm: string;
  resetAllButton: string;
  resetting: string;
  /** `{count}` members whose XP went. */
  resetAllDone: string;
  resetOneTitle: string;
  searchLabel: string;
  searching: string;
  noMembers: string;
  /** `{name}` */
  confirmOne: string;
  confirm: string;
  cancel: string;
  /** `{name}` */
  resetOneDone: string;
  /** `{name}` */
  resetOneNothing: string;
  failed: string;
};

type Props = { guildId: string; guildName: string; membersWithXp: number; disabled: boolean; text: LevelsAdminText };


/** Resets of the Levels page: every member's XP behind the server's name typed out, or one member's after a second click. */
export function LevelsAdmin({ guildId, guildName, membersWithXp, disabled, text }: Props) {
  const id = useId();
  const [typed, setTyped] = useState("");
  const [busy, setBusy] = useState<"all" | "one" | null>(null);
  const [status, setStatus] = useState<{ message: string; error?: boolean } | null>(null);
  const [query, setQuery] = useState("");
  const [chosen, setChosen] = useState<SearchMember | null>(null);
  const searching = query.trim() === "" ? null : query.trim();
  const { members, loading } = useMemberSearch(guildId, searching, () => undefined);

  async function run(kind: "all" | "one", path: string, done: (answer: Record<string, unknown>) => string) {
    setBusy(kind);
    setStatus(null);
    try {
      const answer = await apiFetch<Record<string, unknown>>(path, { method: "POST" });
      setStatus({ message: done(answer) });
      return true;
    } catch {
      setStatus({ message: text.failed, error: true });
      return false;
    } finally {
      setBusy(null);
    }
  }

  const resetAll = async () => {
    if (await run("all", `/plugins/levels/do-reset/${guildId}`, (answer) => fill(text.resetAllDone, { count: Number(answer.members) || 0 }))) setTyped("");
  };
  const resetOne = async (member: SearchMember) => {
    const name = memberName(member);
    const ok = await run("one", `/plugins/levels/do-reset/${guildId}/player/${member.id}`, (answer) => fill(answer.reset ? text.resetOneDone : text.resetOneNothing, { name }));
    if (ok) setChosen(null);
  };

  return (
    <section className={`${styles.card} ${styles.danger}`} aria-labelledby={`${id}-title`} data-testid="levels-danger-zone">
      <h2 id={`${id}-title`}>{text.dangerTitle}</h2>
      <p>{text.dangerIntro}</p>

      <div className={styles.block}>
        <h3>{text.resetOneTitle}</h3>
        <label htmlFor={`${id}-member`}>{text.searchLabel}</label>
        <input id={`${id}-member`} className="input" type="search" value={query} onChange={(event) => { setQuery(event.target.value); setChosen(null); }} disabled={disabled || busy !== null} autoComplete="off" />
        {searching && loading ? <p role="status">{text.searching}</p> : null}
        {searching && !loading && members.length === 0 ? <p role="status">{text.noMembers}</p> : null}
        {chosen ? (
          <div className={styles.row}>
            <p>{fill(text.confirmOne, { name: memberName(chosen) })}</p>
            <button type="button" className={`button button-secondary button-small ${styles.dangerButton}`} onClick={() => resetOne(chosen)} disabled={busy !== null} aria-busy={busy === "one"}>
              {busy === "one" ? text.resetting : text.confirm}
            </button>
            <button type="button" className="button button-secondary button-small" onClick={() => setChosen(null)} disabled={busy !== null}>
              {text.cancel}
            </button>
          </div>
        ) : searching && members.length > 0 ? (
          <ul className={styles.members}>
            {members.map((member) => (
              <li key={member.id}>
                <button type="button" className="button button-secondary button-small" onClick={() => setChosen(member)} disabled={disabled || busy !== null}>
                  <bdi>{memberName(member)}</bdi> ({member.username})
                </button>
              </li>
            ))}
          </ul>
        ) : null}
      </div>

      <div className={styles.block}>
        <h3>{text.resetAllTitle}</h3>
        <p>{fill(text.resetAllHelp, { count: membersWithXp })}</p>
        <label htmlFor={`${id}-confirm`}>{fill(text.typeToConfirm, { name: guildName })}</label>
        <div className={styles.row}>
          <input id={`${id}-confirm`} className="input" value={typed} onChange={(event) => setTyped(event.target.value)} disabled={disabled || busy !== null} autoComplete="off" spellCheck={false} />
          <button type="button" className={`button button-secondary ${styles.dangerButton}`} onClick={resetAll} disabled={disabled || busy !== null || typed.trim() !== guildName.trim()} aria-busy={busy === "all"}>
            {busy === "all" ? text.resetting : text.resetAllButton}
          </button>
        </div>
      </div>

      <p className={`${styles.status} ${status?.error ? styles.error : ""}`} role="status" aria-live="polite">
        {status?.message ?? ""}
      </p>
    </section>
  );
}
