"use client";

import { useEffect, useId, useMemo, useRef, useState } from "react";
import { ChannelIcon, type ChannelKind } from "./channel-icon";
import styles from "./combobox.module.css";

export type ComboOption = {
  value: string;
  label: string;
  /** Secondary text: a channel's category, or why a role cannot be picked. */
  hint?: string;
  /** A role's colour dot (CSS colour). */
  color?: string;
  /** A voice or stage channel's mark and its name for screen readers. */
  icon?: { kind: ChannelKind; label: string };
  disabled?: boolean;
};

type Props = {
  id: string;
  options: readonly ComboOption[];
  /** Text shown while closed: the selected option's label (or "" in add-to-list mode). */
  display: string;
  onSelect: (value: string) => void;
  placeholder?: string;
  noMatches: string;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  selected?: string | null;
  /** Offers "+ Create …" for a typed name no option has (a role picker): `run` gets the name. */
  create?: { label: (name: string) => string; run: (name: string) => void };
};

/** The value of the "+ Create …" entry: no channel or role id looks like it. */
const CREATE = "\u0000create";

// Long role and channel lists stay responsive: only this many matches are drawn.
const MAX_SHOWN = 150;

/**
 * A searchable select (ARIA 1.2 combobox with a listbox popup): type to filter,
 * arrows to move, Enter to pick, Escape to close. Disabled options stay visible
 * with their reason so people learn why a role cannot be chosen.
 */
export function Combobox({ id, options, display, onSelect, placeholder, noMatches, disabled, invalid, describedBy, selected, create }: Props) {
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(-1);
  const list = useRef<HTMLUListElement>(null);

  const matches = useMemo(() => {
    const needle = query.trim().toLocaleLowerCase();
    const found = needle ? options.filter((option) => `${option.label} ${option.hint ?? ""}`.toLocaleLowerCase().includes(needle)) : options;
    const shown = found.slice(0, MAX_SHOWN);
    const name = query.trim();
    const taken = options.some((option) => option.label.toLocaleLowerCase() === needle);
    return create && name && !taken ? [...shown, { value: CREATE, label: create.label(name) }] : shown;
  }, [options, query, create]);

  useEffect(() => {
    if (!open || active < 0) return;
    list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView({ block: "nearest" });
  }, [open, active]);

  function openList() {
    setOpen(true);
    const current = matches.findIndex((option) => option.value === selected);
    setActive(current >= 0 ? current : nextEnabled(matches, -1, 1));
  }

  function close() {
    setOpen(false);
    setQuery("");
    setActive(-1);
  }

  function choose(option: ComboOption | undefined) {
    if (!option || option.disabled) return;
    if (option.value === CREATE) create?.run(query.trim());
    else onSelect(option.value);
    close();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        if (!open) return openList();
        setActive((current) => nextEnabled(matches, current, event.key === "ArrowDown" ? 1 : -1));
        return;
      }
      case "Enter":
        // Enter picks an option; it must not submit the surrounding form.
        if (open) {
          event.preventDefault();
          choose(matches[active]);
        }
        return;
      case "Escape":
        // Close the list only; a surrounding dialog stays open.
        if (open) {
          event.preventDefault();
          event.stopPropagation();
          close();
        }
        return;
      case "Tab":
        close();
    }
  }

  const activeId = open && active >= 0 ? `${listId}-${active}` : undefined;
  return (
    <div className={styles.wrap}>
      <input
        id={id}
        className={styles.input}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeId}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        placeholder={placeholder}
        value={open ? query : display}
        onChange={(event) => {
          setQuery(event.target.value);
          if (!open) setOpen(true);
          setActive(0);
        }}
        onClick={() => (open ? close() : openList())}
        onKeyDown={onKeyDown}
        onBlur={close}
      />
      <svg className={styles.chevron} width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
        <path d="m6 9 6 6 6-6" />
      </svg>
      {/* Options exist only while the list is open: closed, a server's 100 channels would be drawn (and sent) for nothing. */}
      <ul id={listId} ref={list} role="listbox" className={styles.list} hidden={!open}>
        {!open ? null : matches.length === 0 ? (
          <li className={styles.empty} role="presentation">
            {noMatches}
          </li>
        ) : (
          matches.map((option, index) => (
            <li
              key={option.value}
              id={`${listId}-${index}`}
              data-index={index}
              role="option"
              aria-selected={option.value === selected}
              aria-disabled={option.disabled || undefined}
              className={`${styles.option} ${index === active ? styles.active : ""} ${option.value === CREATE ? styles.create : ""}`}
              // Keep focus in the input so the list does not close before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(option)}
            >
              {option.color ? <span className={styles.dot} style={{ background: option.color }} aria-hidden="true" /> : null}
              {option.icon ? <ChannelIcon {...option.icon} /> : null}
              <span className={styles.label}>{option.label}</span>
              {option.hint ? <span className={styles.hint}>{option.hint}</span> : null}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}

function nextEnabled(options: readonly ComboOption[], from: number, step: 1 | -1): number {
  for (let index = from + step; index >= 0 && index < options.length; index += step) {
    if (!options[index]?.disabled) return index;
  }
  return from;
}
