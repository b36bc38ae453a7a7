"use client";

import { useEffect, useId, useRef, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import type { ProviderId } from "@/lib/providers/types";
import { SourceRow } from "./source-row";
import type { ChosenSource, SourceAccount, SourcePickerLabels } from "./types";
import { useSourceSearch } from "./use-source-search";
import styles from "./source-picker.module.css";

type Props = {
  id: string;
  provider: ProviderId;
  value: ChosenSource | null;
  onChoose: (source: SourceAccount) => void;
  labels: SourcePickerLabels;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

/**
 * A subscription's source, found by searching its provider (ARIA 1.2 combobox with a listbox
 * popup): type a name, arrows move, Enter picks, Escape closes. Results show the avatar, the
 * name and handle, followers and whether the account is live; a provider failure says so and
 * that saved subscriptions are kept; a feed that cannot be read says why, and a feed picker
 * asks for an address before searching a word.
 */
export function SourcePicker({ id, provider, value, onChoose, labels, disabled, invalid, describedBy }: Props) {
  const listId = useId();
  const statusId = `${id}-status`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState("");
  const [active, setActive] = useState(0);
  const list = useRef<HTMLUListElement>(null);
  const search = useSourceSearch(provider, open ? query : "");
  const { results } = search;

  useEffect(() => {
    if (open) list.current?.querySelector(`[data-index="${active}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [open, active]);

  function close() {
    setOpen(false);
    setQuery("");
    setActive(0);
  }

  function choose(account: SourceAccount | undefined) {
    if (!account) return;
    onChoose(account);
    close();
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLInputElement>) {
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp":
        event.preventDefault();
        if (!open) return setOpen(true);
        setActive((current) => Math.max(0, Math.min(results.length - 1, current + (event.key === "ArrowDown" ? 1 : -1))));
        return;
      case "Enter":
        // Enter picks a result; it must not submit the dialog's form.
        if (open) {
          event.preventDefault();
          choose(results[active]);
        }
        return;
      case "Escape":
        // Close the list only; the surrounding dialog stays open.
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

  const asked = query.trim();
  const listed = open && results.length > 0;
  const problem = search.failure ? labels.failures[search.failure] : search.reason;
  const status = !open || !asked ? "" : search.needsAddress ? labels.addressExpected : search.loading ? labels.searching : (problem ?? (results.length === 0 ? fill(labels.noResults, { query: asked }) : ""));
  const activeId = listed ? `${listId}-${active}` : undefined;
  return (
    <div className={styles.picker}>
      <div className={styles.wrap}>
        <input
          id={id}
          className={styles.input}
          role="combobox"
          aria-expanded={listed}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, status ? statusId : null].filter(Boolean).join(" ") || undefined}
          aria-busy={search.loading || undefined}
          autoComplete="off"
          spellCheck={false}
          disabled={disabled}
          placeholder={labels.placeholder}
          value={open ? query : (value?.name ?? "")}
          onChange={(event) => {
            setQuery(event.target.value);
            setOpen(true);
            setActive(0);
          }}
          onFocus={() => setOpen(true)}
          onKeyDown={onKeyDown}
          onBlur={close}
        />
        {search.loading && open ? <span className={styles.spinner} aria-hidden="true" data-testid="source-searching" /> : null}
        <ul id={listId} ref={list} role="listbox" className={styles.list} hidden={!listed}>
          {listed
            ? results.map((account, index) => (
                <li
                  key={account.id}
                  id={`${listId}-${index}`}
                  data-index={index}
                  role="option"
                  aria-selected={account.id === value?.id}
                  className={`${styles.option} ${index === active ? styles.active : ""}`}
                  // Keep focus in the input so the list does not close before the click lands.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(account)}
                >
                  <SourceRow account={account} labels={labels} />
                </li>
              ))
            : null}
        </ul>
      </div>
      {status ? (
        <p id={statusId} className={problem ? "notice notice-warning" : styles.status} role="status" data-testid="source-status">
          {status}
        </p>
      ) : null}
    </div>
  );
}
