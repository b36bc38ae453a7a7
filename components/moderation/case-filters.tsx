"use client";

import { useId } from "react";
import { fill } from "@/lib/i18n/fill";
import { CASE_TYPES, type CaseType } from "@/lib/moderation/case-types";
import { MemberSearch, type ChosenMember } from "./member-search";
import type { ModerationText } from "./text";
import type { CaseFilters } from "./url-state";
import styles from "./moderation.module.css";

// The case list's filters: the member a case is about, who made it, its types, a range of
// days (in the server's time zone) and whether pardoned cases show. Each change applies at once.

type Props = {
  guildId: string;
  filters: CaseFilters;
  onChange: (filters: CaseFilters) => void;
  /** Names of the members the filters hold, as far as the page knows them. */
  nameOf: (id: string) => string;
  onName: (member: ChosenMember) => void;
  zone: string;
  text: ModerationText;
};

export function CaseFilterForm({ guildId, filters, onChange, nameOf, onName, zone, text }: Props) {
  const ids = useId();
  const t = text.cases;
  const set = (changes: Partial<CaseFilters>) => onChange({ ...filters, ...changes });
  const person = (key: "user" | "moderator") => (member: ChosenMember | null) => {
    if (member) onName(member);
    const { [key]: _dropped, ...rest } = filters;
    onChange(member ? { ...rest, [key]: member.id } : rest);
  };
  const chosen = (id: string | undefined) => (id ? { id, name: nameOf(id) } : null);
  const toggle = (type: CaseType, on: boolean) => set({ types: on ? CASE_TYPES.filter((each) => each === type || filters.types.includes(each)) : filters.types.filter((each) => each !== type) });
  const day = (key: "from" | "to") => (value: string) => {
    const { [key]: _dropped, ...rest } = filters;
    onChange(value ? { ...rest, [key]: value } : rest);
  };

  return (
    <form className={styles.filters} aria-label={t.filters} onSubmit={(event) => event.preventDefault()}>
      <MemberSearch guildId={guildId} label={t.member} chosen={chosen(filters.user)} onChoose={person("user")} text={text.search} />
      <MemberSearch guildId={guildId} label={t.moderator} chosen={chosen(filters.moderator)} onChoose={person("moderator")} text={text.search} />
      <fieldset className={styles.types}>
        <legend>{t.types}</legend>
        {CASE_TYPES.map((type) => (
          <label key={type} className={styles.check}>
            <input type="checkbox" checked={filters.types.includes(type)} onChange={(event) => toggle(type, event.target.checked)} />
            {text.types[type]}
          </label>
        ))}
      </fieldset>
      <div className={styles.days}>
        <div className={styles.field}>
          <label htmlFor={`${ids}-from`}>{t.from}</label>
          <input id={`${ids}-from`} type="date" className="input" value={filters.from ?? ""} max={filters.to} onChange={(event) => day("from")(event.target.value)} aria-describedby={`${ids}-zone`} />
        </div>
        <div className={styles.field}>
          <label htmlFor={`${ids}-to`}>{t.to}</label>
          <input id={`${ids}-to`} type="date" className="input" value={filters.to ?? ""} min={filters.from} onChange={(event) => day("to")(event.target.value)} aria-describedby={`${ids}-zone`} />
        </div>
        <small id={`${ids}-zone`} className={styles.zone}>
          {fill(t.zone, { zone })}
        </small>
      </div>
      <label className={`${styles.check} ${styles.filterEnd}`}>
        <input type="checkbox" checked={filters.pardoned} onChange={(event) => set({ pardoned: event.target.checked })} />
        {t.includePardoned}
      </label>
    </form>
  );
}
