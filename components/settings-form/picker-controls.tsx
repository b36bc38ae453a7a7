"use client";

import { useMemo } from "react";
import { ChannelIcon } from "./channel-icon";
import { Combobox, type ComboOption } from "./combobox";
import type { ControlProps } from "./controls";
import { optionsFor, unknownLabel } from "./picker-options";
import type { Pickers } from "./types";
import { useRoleCreation, withMadeRoles, type RoleCreation } from "./use-role-creation";
import { fill } from "@/lib/i18n/fill";
import styles from "./form.module.css";

type PickerProps<T> = ControlProps<T> & { pickers: Pickers; roleCreation?: RoleCreation };

const NONE = "";

/** One channel or role; nullable fields offer "None" first. */
export function SinglePicker({ id, field, value, onChange, disabled, invalid, describedBy, labels, pickers, roleCreation }: PickerProps<unknown>) {
  const { create, made, note } = useRoleCreation(roleCreation, onChange);
  const options = useMemo(() => {
    const list = optionsFor({ ...pickers, roles: withMadeRoles(pickers.roles, made) }, field.ui, labels, field.gives);
    return field.nullable ? [{ value: NONE, label: labels.none }, ...list] : list;
  }, [pickers, made, field.ui, field.nullable, field.gives, labels]);
  const current = typeof value === "string" && value ? value : null;
  const display = current ? (options.find((option) => option.value === current)?.label ?? unknownLabel(field.ui, labels)) : "";
  return (
    <>
      <Combobox
        id={id}
        options={options}
        selected={current ?? NONE}
        display={display}
        placeholder={field.nullable ? labels.none : labels.search}
        noMatches={labels.noMatches}
        onSelect={(picked) => onChange(picked === NONE ? null : picked)}
        disabled={disabled}
        invalid={invalid}
        describedBy={describedBy}
        create={create}
      />
      <CreationNote note={note} shown={Boolean(roleCreation)} />
    </>
  );
}

/** Says what "+ Create role" is doing or did, to screen readers too; present before it is used, so it is announced. */
function CreationNote({ note, shown }: { note: string; shown: boolean }) {
  return shown ? (
    <p className={styles.createNote} role="status">
      {note}
    </p>
  ) : null;
}

/** Several channels or roles as removable chips, plus a search box to add more. */
export function MultiPicker({ id, field, value, onChange, disabled, invalid, describedBy, labels, pickers, limit, roleCreation }: PickerProps<unknown>) {
  const chosen = useMemo(() => (Array.isArray(value) ? value.filter((entry): entry is string => typeof entry === "string") : []), [value]);
  const { create, made, note } = useRoleCreation(roleCreation, (roleId) => onChange([...chosen, roleId]));
  const all = useMemo(() => optionsFor({ ...pickers, roles: withMadeRoles(pickers.roles, made) }, field.ui, labels, field.gives), [pickers, made, field.ui, field.gives, labels]);
  const byId = useMemo(() => new Map(all.map((option) => [option.value, option])), [all]);
  const available = useMemo(() => all.filter((option) => !chosen.includes(option.value)), [all, chosen]);
  const max = limit ?? field.maxItems;
  const full = max !== undefined && chosen.length >= max;
  return (
    <div className={styles.multi}>
      {chosen.length > 0 ? (
        <ul className={styles.chips}>
          {chosen.map((entry) => {
            const option: ComboOption | undefined = byId.get(entry);
            const label = option?.label ?? unknownLabel(field.ui, labels);
            return (
              <li key={entry} className={`${styles.chip} ${option ? "" : styles.chipUnknown}`}>
                {option?.color ? <span className={styles.dot} style={{ background: option.color }} aria-hidden="true" /> : null}
                {option?.icon ? <ChannelIcon {...option.icon} /> : null}
                <span className={styles.chipLabel}>{label}</span>
                <button
                  type="button"
                  className={styles.chipRemove}
                  disabled={disabled}
                  aria-label={fill(labels.remove, { name: label })}
                  onClick={() => onChange(chosen.filter((other) => other !== entry))}
                >
                  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" aria-hidden="true">
                    <path d="M6 6l12 12M18 6 6 18" />
                  </svg>
                </button>
              </li>
            );
          })}
        </ul>
      ) : null}
      <Combobox
        id={id}
        options={available}
        display=""
        placeholder={full ? "" : labels.add}
        noMatches={labels.noMatches}
        onSelect={(picked) => onChange([...chosen, picked])}
        disabled={disabled || full}
        invalid={invalid}
        describedBy={describedBy}
        create={create}
      />
      <CreationNote note={note} shown={Boolean(roleCreation)} />
    </div>
  );
}
