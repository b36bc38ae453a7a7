"use client";

import { useRef, type KeyboardEvent, type ReactNode } from "react";
import styles from "./tabs.module.css";

// Tabs as the WAI-ARIA pattern has them: one tab stop for the list (the selected tab), the
// arrow keys move along it (mirrored right to left), Home and End jump to the ends, and a
// tab is chosen as it gets focus. Every panel stays in the page, hidden unless chosen, so
// what a panel holds (a form half filled) survives a look at another tab.

export type Tab<Id extends string> = { id: Id; label: string };

type Props<Id extends string> = {
  label: string;
  tabs: ReadonlyArray<Tab<Id>>;
  selected: Id;
  onSelect: (id: Id) => void;
  /** Prefix of the tabs' and panels' ids. */
  idPrefix: string;
  /** Each tab's panel; null for one not opened yet. */
  panels: Record<Id, ReactNode>;
};

export function Tabs<Id extends string>({ label, tabs, selected, onSelect, idPrefix, panels }: Props<Id>) {
  const list = useRef<HTMLDivElement>(null);

  function move(event: KeyboardEvent<HTMLDivElement>) {
    const index = tabs.findIndex((tab) => tab.id === selected);
    const rtl = list.current ? getComputedStyle(list.current).direction === "rtl" : false;
    const step: Record<string, number> = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 };
    let next: number | null = null;
    if (event.key in step) next = (index + step[event.key]! + tabs.length) % tabs.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = tabs.length - 1;
    if (next === null) return;
    event.preventDefault();
    onSelect(tabs[next]!.id);
    list.current?.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  }

  return (
    <div className={styles.tabs}>
      <div ref={list} role="tablist" aria-label={label} className={styles.list} onKeyDown={move}>
        {tabs.map((tab) => (
          <button
            key={tab.id}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.id}`}
            aria-selected={tab.id === selected}
            aria-controls={`${idPrefix}-panel-${tab.id}`}
            tabIndex={tab.id === selected ? 0 : -1}
            className={styles.tab}
            onClick={() => onSelect(tab.id)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs.map((tab) => (
        <div key={tab.id} role="tabpanel" id={`${idPrefix}-panel-${tab.id}`} aria-labelledby={`${idPrefix}-tab-${tab.id}`} tabIndex={0} hidden={tab.id !== selected} className={styles.panel}>
          {panels[tab.id]}
        </div>
      ))}
    </div>
  );
}
