"use client";

import { useId, useState } from "react";
import { memberName, type SearchMember } from "@/components/message-editor/suggest";
import { useMemberSearch } from "@/components/message-editor/use-member-search";
import { fill } from "@/lib/i18n/fill";
import type { ModerationText } from "./text";
import styles from "./moderation.module.css";

// Finds a member of the server by the start of their name (the member search the message
// editor uses): the chosen one shows as a chip that clears.

export type ChosenMember = { id: string; name: string };

type Props = {
  guildId: string;
  label: string;
  chosen: ChosenMember | null;
  onChoose: (member: ChosenMember | null) => void;
  text: ModerationText["search"];
  disabled?: boolean;
};

export function MemberSearch({ guildId, label, chosen, onChoose, text, disabled = false }: Props) {
  const ids = useId();
  const [query, setQuery] = useState("");
  const searching = query.trim() !== "" ? query.trim() : null;
  const { members, loading } = useMemberSearch(guildId, searching, () => {});

  function choose(member: SearchMember) {
    onChoose({ id: member.id, name: memberName(member) });
    setQuery("");
  }

  return (
    <div className={styles.field}>
      <label htmlFor={`${ids}-input`}>{label}</label>
      {chosen ? (
        <span className={styles.chip}>
          {chosen.name}
          <button type="button" className="button button-ghost button-small" onClick={() => onChoose(null)} disabled={disabled} aria-label={fill(text.clear, { name: chosen.name })}>
            ×
          </button>
        </span>
      ) : null}
      <input
        id={`${ids}-input`}
        type="search"
        className="input"
        autoComplete="off"
        value={query}
        disabled={disabled}
        aria-describedby={`${ids}-hint`}
        onChange={(event) => setQuery(event.target.value)}
      />
      <small id={`${ids}-hint`}>{text.hint}</small>
      {searching ? (
        loading ? (
          <p role="status" className={styles.muted}>
            {text.searching}
          </p>
        ) : members.length === 0 ? (
          <p role="status" className={styles.muted}>
            {text.none}
          </p>
        ) : (
          <ul className={styles.results} aria-label={label}>
            {members.map((member) => (
              <li key={member.id}>
                <button type="button" className="button button-ghost button-small" onClick={() => choose(member)}>
                  {memberName(member)} <span className={styles.muted}>@{member.username}</span>
                </button>
              </li>
            ))}
          </ul>
        )
      ) : null}
    </div>
  );
}
