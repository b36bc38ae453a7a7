"use client";

import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import type { KeyboardEvent } from "react";
import { fill } from "@/lib/i18n/fill";
import { emojiImageUrl } from "@/lib/platform/cdn";
import { COLUMNS, customEntries, indexOfValue, moveIndex, sectionsFor, type Entry, type Move } from "./entries";
import type { EmojiPickerData } from "./types";
import { useCustomEmojis, useUnicodeEmojis } from "./use-emoji-sources";
import styles from "./emoji-picker.module.css";

type Props = {
  value: string;
  data: EmojiPickerData;
  onPick: (value: string) => void;
  /** Escape: the picker closes and gives focus back to its button. */
  onClose: () => void;
};

/** Space kept between the popover and the screen's edges. */
const VIEWPORT_MARGIN = 8;

const keyOf = (entry: Entry) => `${entry.kind}:${entry.value}`;

const ARROWS: Record<string, Move> = { ArrowUp: "up", ArrowDown: "down", ArrowLeft: "left", ArrowRight: "right", Home: "home", End: "end" };

/**
 * The picker's dialog: a search box, then one listbox whose groups are this server's emojis and
 * the unicode groups (or the matches of a search), COLUMNS to a row. The listbox keeps focus and
 * names its active option with aria-activedescendant; arrows move in two dimensions, Enter picks.
 */
export function EmojiPopover({ value, data, onPick, onClose }: Props) {
  const { labels } = data;
  const baseId = useId();
  const dialog = useRef<HTMLDivElement>(null);
  const search = useRef<HTMLInputElement>(null);
  const list = useRef<HTMLDivElement>(null);
  const [query, setQuery] = useState("");
  const unicode = useUnicodeEmojis(data.dataUrl);
  const custom = useCustomEmojis(data.guildId);

  const customList = useMemo(() => customEntries(custom.data ?? []), [custom.data]);
  const sections = useMemo(() => sectionsFor(customList, unicode.data ?? [], query), [customList, unicode.data, query]);
  const flat = useMemo(() => sections.flatMap((section) => section.entries), [sections]);
  const sizes = useMemo(() => sections.map((section) => section.entries.length), [sections]);
  // Where each section starts in the flattened list (option ids and data-index count across sections).
  const starts = useMemo(() => sizes.map((_, index) => sizes.slice(0, index).reduce((sum, size) => sum + size, 0)), [sizes]);

  // The active option is kept by emoji, not position, so it stays put when this server's emojis
  // arrive above the rest. Until an arrow moves it: the stored emoji, or the first match of a search.
  const [activeKey, setActiveKey] = useState<string | null>(null);
  const found = activeKey === null ? -1 : flat.findIndex((entry) => keyOf(entry) === activeKey);
  const active = found >= 0 ? found : flat.length === 0 ? -1 : query.trim() ? 0 : Math.max(0, indexOfValue(sections, value));
  const setActive = (index: number) => setActiveKey(flat[index] ? keyOf(flat[index]) : null);

  useEffect(() => search.current?.focus(), []);

  // Anchored at the button's start, the popover can run off a narrow screen (a 390 px phone, a
  // field far from the edge): slide it back inside, whichever side it crossed.
  useLayoutEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const rect = element.getBoundingClientRect();
    const room = document.documentElement.clientWidth - VIEWPORT_MARGIN;
    const shift = rect.left < VIEWPORT_MARGIN ? VIEWPORT_MARGIN - rect.left : rect.right > room ? room - rect.right : 0;
    if (shift !== 0) element.style.translate = `${Math.round(shift)}px 0`;
  }, []);

  // Near the bottom of the page or of an item dialog, the lists would open half out of sight:
  // once they are there, scroll the whole popover into view.
  const ready = flat.length > 0;
  useEffect(() => {
    if (ready && typeof dialog.current?.scrollIntoView === "function") dialog.current.scrollIntoView({ block: "nearest" });
  }, [ready]);

  useEffect(() => {
    const option = active >= 0 ? list.current?.querySelector<HTMLElement>(`[data-index="${active}"]`) : null;
    // jsdom has no layout, hence no scrollIntoView.
    if (typeof option?.scrollIntoView === "function") option.scrollIntoView({ block: "nearest" });
  }, [active]);

  function pick(entry: Entry | undefined) {
    if (entry && !(entry.kind === "custom" && !entry.emoji.available)) onPick(entry.value);
  }

  function onListKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    let move = ARROWS[event.key];
    if (move) {
      event.preventDefault();
      // Left and right follow reading order: in Arabic, right goes back.
      const rtl = list.current?.closest("[dir]")?.getAttribute("dir") === "rtl";
      if (rtl && (move === "left" || move === "right")) move = move === "left" ? "right" : "left";
      const next = moveIndex(sizes, active, move);
      if (move === "up" && next === active) search.current?.focus();
      else setActive(next);
      return;
    }
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      pick(flat[active]);
      return;
    }
    // Typing while the list has focus goes on in the search box.
    if (event.key.length === 1 && !event.ctrlKey && !event.metaKey && !event.altKey) search.current?.focus();
  }

  function onSearchKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === "ArrowDown" && flat.length > 0) {
      event.preventDefault();
      list.current?.focus();
    } else if (event.key === "Enter") {
      // Enter picks the highlighted match; it must not submit the surrounding form.
      event.preventDefault();
      pick(flat[active]);
    }
  }

  const searching = query.trim() !== "";
  const customState = custom.error ? "failed" : custom.isLoading ? "loading" : customList.length === 0 && !searching ? "empty" : null;
  const activeId = active >= 0 && active < flat.length ? `${baseId}-${active}` : undefined;

  return (
    <div
      ref={dialog}
      className={styles.popover}
      role="dialog"
      aria-label={labels.choose}
      // Clicks on headings and gaps land here rather than outside, so they do not close the picker.
      tabIndex={-1}
      onKeyDown={(event) => {
        if (event.key !== "Escape") return;
        // Only the picker closes: a dialog around the form stays open.
        event.preventDefault();
        event.stopPropagation();
        onClose();
      }}
    >
      <input
        ref={search}
        type="search"
        className={styles.search}
        aria-label={labels.search}
        placeholder={labels.searchPlaceholder}
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => {
          setQuery(event.target.value);
          setActiveKey(null);
        }}
        onKeyDown={onSearchKeyDown}
      />
      <p className="visually-hidden" role="status">
        {searching && unicode.data ? (flat.length > 0 ? fill(labels.results, { count: flat.length }) : labels.noMatches) : ""}
      </p>

      {customState === "failed" ? (
        <div className={styles.state} role="alert">
          <span>{labels.customFailed}</span>
          <button type="button" className="button button-ghost button-small" onClick={() => void custom.mutate()}>
            {labels.retry}
          </button>
        </div>
      ) : customState === "loading" ? (
        <p className={styles.state} role="status">
          {labels.customLoading}
        </p>
      ) : customState === "empty" ? (
        <p className={styles.state}>
          <span className={styles.stateHeading}>{labels.serverEmojis}</span> {labels.noCustom}
        </p>
      ) : null}

      {flat.length > 0 ? (
        <div ref={list} className={styles.list} role="listbox" aria-label={labels.choose} tabIndex={0} aria-activedescendant={activeId} onKeyDown={onListKeyDown}>
          {sections.map((section, sectionIndex) => {
            const start = starts[sectionIndex] ?? 0;
            const title = section.key === "custom" ? labels.serverEmojis : section.key === "results" ? fill(labels.results, { count: section.entries.length }) : labels.groups[section.key];
            return (
              <div key={section.key} role="group" aria-label={title} className={styles.section}>
                <p className={styles.heading} aria-hidden="true">
                  {title}
                </p>
                <div className={styles.grid} style={{ gridTemplateColumns: `repeat(${COLUMNS}, minmax(0, 1fr))` }}>
                  {section.entries.map((entry, index) => (
                    <Option key={keyOf(entry)} entry={entry} index={start + index} id={`${baseId}-${start + index}`} active={start + index === active} selected={entry.value === value} data={data} onPick={pick} />
                  ))}
                </div>
              </div>
            );
          })}
        </div>
      ) : searching && unicode.data ? (
        <p className={styles.state}>{labels.noMatches}</p>
      ) : null}

      {unicode.error ? (
        <div className={styles.state} role="alert">
          <span>{labels.loadFailed}</span>
          <button type="button" className="button button-ghost button-small" onClick={() => void unicode.mutate()}>
            {labels.retry}
          </button>
        </div>
      ) : unicode.isLoading ? (
        <p className={styles.state} role="status">
          {labels.loading}
        </p>
      ) : null}
    </div>
  );
}

type OptionProps = { entry: Entry; index: number; id: string; active: boolean; selected: boolean; data: EmojiPickerData; onPick: (entry: Entry) => void };

function Option({ entry, index, id, active, selected, data, onPick }: OptionProps) {
  const { labels } = data;
  const unavailable = entry.kind === "custom" && !entry.emoji.available;
  const name = entry.kind === "unicode" ? entry.name : unavailable ? fill(labels.unavailable, { name: entry.name }) : entry.emoji.animated ? fill(labels.animated, { name: entry.name }) : entry.name;
  return (
    <div
      id={id}
      role="option"
      data-index={index}
      aria-selected={selected}
      aria-disabled={unavailable || undefined}
      aria-label={name}
      title={name}
      className={`${styles.option} ${active ? styles.active : ""}`}
      onClick={() => onPick(entry)}
    >
      {entry.kind === "custom" ? (
        // eslint-disable-next-line @next/next/no-img-element -- small images from the platform's CDN, loaded as they scroll into view
        <img src={emojiImageUrl(data.cdnBase, entry.emoji, 64)} alt="" width={28} height={28} loading="lazy" />
      ) : (
        <span aria-hidden="true">{entry.value}</span>
      )}
    </div>
  );
}
