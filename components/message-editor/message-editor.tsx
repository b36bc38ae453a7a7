"use client";

import { useCallback, useDeferredValue, useEffect, useId, useLayoutEffect, useMemo, useRef, useState } from "react";
import { fill } from "@/lib/i18n/fill";
import { mentionNames, toEditable, toStored, type MentionNames } from "@/lib/templates/editable-mentions";
import { textLength } from "@/lib/platform-messages/limits";
import { LazyMessagePreview } from "./lazy-message-preview";
import { useMentionLookup, useRoleColors } from "./mention-lookup";
import {
  applySuggestion,
  channelSuggestions,
  findTrigger,
  memberName,
  memberSuggestions,
  roleSuggestions,
  type ChannelLike,
  type RoleLike,
  type SearchMember,
  type Suggestion,
} from "./suggest";
import { useViewerSample } from "./use-viewer-sample";
import type { MessageEditorData } from "./types";
import { useMemberSearch } from "./use-member-search";
import styles from "./message-editor.module.css";

export type MessageEditorProps = {
  id: string;
  /** The stored text, in platform syntax (`<#id>`, `<@id>`, `<@&id>`, `{variables}`). */
  value: string;
  onChange: (text: string) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  /** Most characters allowed (MESSAGE_CONTENT_LIMIT, or less on free guilds). */
  limit: number;
  channels: readonly ChannelLike[];
  roles: readonly RoleLike[];
  data: MessageEditorData;
  /** False where a surrounding preview shows the text already (an embed's description in the embed builder). */
  showPreview?: boolean;
  /** What the bot sends while the box is empty (a subscription's blank message: the plugin's default): the preview shows it. */
  fallback?: string;
};

type VariableSuggestions = typeof import("./variable-suggestions");
const loadVariableSuggestions = () => import("./variable-suggestions");

const SIGIL_KEYS: Readonly<Record<string, string>> = { variable: "{", channel: "#", mention: "@" };

/** The hint template with its `{variable}` `{channel}` `{mention}` placeholders as keys to press. */
function hintParts(template: string): React.ReactNode[] {
  return template.split(/\{(variable|channel|mention)\}/).map((part, index) =>
    index % 2 === 1 ? (
      // Styled as `.help kbd`: every message field of a page repeats this hint.
      <kbd key={index}>{SIGIL_KEYS[part]}</kbd>
    ) : (
      part
    ),
  );
}


/** What the box shows (mentions by name), the stored text it stands for, and the names it was read with. */
type Draft = { text: string; stored: string; names: MentionNames };

/**
 * The one message editor: a textarea showing mentions by name (`#rules`, stored as the
 * platform's `<#id>`: lib/templates/editable-mentions.ts), with `{` `#` `@` autocompletion
 * (a textbox suggesting from a listbox), a counter of the stored text and a live preview.
 */
export function MessageEditor({ id, value, onChange, disabled, invalid, describedBy, limit, channels, roles, data: shared, showPreview = true, fallback }: MessageEditorProps) {
  const data = useViewerSample(shared);
  const { labels, guildId } = data;
  const listId = useId();
  const hintId = `${id}-hint`;
  const box = useRef<HTMLTextAreaElement>(null);
  const list = useRef<HTMLUListElement>(null);
  const pendingCaret = useRef<number | null>(null);
  /** Caret position while the box has focus; null when it does not (the list is then closed). */
  const [caret, setCaret] = useState<number | null>(null);
  /** Start of the trigger closed with Escape: it stays closed until the trigger goes away. */
  const [dismissed, setDismissed] = useState<number | null>(null);
  const [active, setActive] = useState(0);
  /** The `{` suggestions' code, loaded when the box first takes focus. */
  const [variables, setVariables] = useState<VariableSuggestions | null>(null);
  /** Names of members found by searches, so the preview can name them. */
  const [found, setFound] = useState<Record<string, string>>({});

  const names = useMemo(
    () =>
      mentionNames({
        channels,
        roles,
        members: Object.entries({ ...data.members, ...found }).map(([memberId, name]) => ({ id: memberId, name })),
      }),
    [channels, roles, data.members, found],
  );
  const [draft, setDraft] = useState<Draft>(() => ({ text: toEditable(value, names), stored: value, names }));
  // A value set from outside (reset, revert) is shown anew; so are newly learned names, unless the
  // box is being typed in (the caret would jump).
  if (draft.stored !== value || (draft.names !== names && caret === null)) {
    setDraft({ text: toEditable(value, names), stored: value, names });
  }
  const text = draft.stored === value ? draft.text : toEditable(value, names);

  const trigger = caret === null || disabled ? null : findTrigger(text, caret);
  const shown = trigger && trigger.start !== dismissed ? trigger : null;
  const memberQuery = shown?.kind === "mention" && shown.query.trim() !== "" ? shown.query.trim() : null;
  const learn = useCallback((members: readonly SearchMember[]) => {
    if (members.length === 0) return;
    setFound((current) => ({ ...current, ...Object.fromEntries(members.map((member) => [member.id, memberName(member)])) }));
  }, []);
  const search = useMemberSearch(guildId, memberQuery, learn);

  const lookup = useMentionLookup(channels, roles, data, found);
  const kind = shown?.kind;
  const query = shown?.query ?? "";
  const suggestions = useMemo<Suggestion[]>(() => {
    // Hinted by what each variable becomes in the preview ("{server.name}  Ada's Workshop").
    if (kind === "variable") return variables ? variables.sampleVariableSuggestions(query, data.context, lookup, data.sourceVariables) : [];
    if (kind === "channel") return channelSuggestions(channels, query);
    if (kind === "mention") return [...memberSuggestions(search.members), ...roleSuggestions(roles, query, guildId, labels.role)];
    return [];
  }, [kind, query, variables, data.context, lookup, data.sourceVariables, channels, roles, guildId, labels.role, search.members]);

  const open = shown !== null && suggestions.length > 0;
  const current = open ? Math.min(active, suggestions.length - 1) : -1;

  // A new query or new search results start again at the first suggestion.
  const listKey = shown ? `${shown.kind}:${shown.start}:${shown.query}:${search.members.length}` : "";
  const [activeFor, setActiveFor] = useState(listKey);
  if (activeFor !== listKey) {
    setActiveFor(listKey);
    setActive(0);
  }

  useLayoutEffect(() => {
    const at = pendingCaret.current;
    if (at === null || !box.current) return;
    pendingCaret.current = null;
    box.current.setSelectionRange(at, at);
  }, [text]);

  useEffect(() => {
    if (current >= 0) list.current?.querySelector(`[data-index="${current}"]`)?.scrollIntoView?.({ block: "nearest" });
  }, [current]);

  const roleColors = useRoleColors(roles);
  // Typing stays responsive on long messages: the preview may lag a keystroke behind.
  const previewText = useDeferredValue(value.trim() === "" && fallback ? fallback : value);

  function focus(element: HTMLTextAreaElement) {
    if (!variables) void loadVariableSuggestions().then(setVariables);
    updateCaret(element);
  }

  function updateCaret(element: HTMLTextAreaElement) {
    // React may report a select event for the key that made a pick, with the old caret: the pick's caret wins.
    if (pendingCaret.current !== null) return;
    setCaret(element.selectionStart === element.selectionEnd ? element.selectionStart : null);
  }

  function edit(next: string) {
    const stored = toStored(next, names);
    setDraft({ text: next, stored, names });
    onChange(stored);
  }

  function change(event: React.ChangeEvent<HTMLTextAreaElement>) {
    const next = event.target.value;
    const at = event.target.selectionStart ?? next.length;
    const trigger = findTrigger(next, at);
    if (!trigger || trigger.start !== dismissed) setDismissed(null);
    setCaret(at);
    edit(next);
  }

  function pick(suggestion: Suggestion | undefined) {
    if (!suggestion || !shown) return;
    // A pick reads by name in the box, like what is typed (`#rules`), unless that name is shared.
    const result = applySuggestion(text, shown, toEditable(suggestion.insert, names));
    pendingCaret.current = result.caret;
    setCaret(result.caret);
    edit(result.text);
  }

  function onKeyDown(event: React.KeyboardEvent<HTMLTextAreaElement>) {
    if (!open || event.nativeEvent.isComposing) return;
    const plain = !event.shiftKey && !event.altKey && !event.ctrlKey && !event.metaKey;
    switch (event.key) {
      case "ArrowDown":
      case "ArrowUp": {
        event.preventDefault();
        const step = event.key === "ArrowDown" ? 1 : -1;
        setActive((current + step + suggestions.length) % suggestions.length);
        return;
      }
      case "Enter":
      case "Tab":
        if (!plain) return;
        // The pick replaces the newline or focus move the key would otherwise make.
        event.preventDefault();
        pick(suggestions[current]);
        return;
      case "Escape":
        // Close the list only; a surrounding dialog stays open.
        event.preventDefault();
        event.stopPropagation();
        if (shown) setDismissed(shown.start);
    }
  }

  const count = textLength(value);
  // While the `{` code is still on its way (moments after the first focus), nothing is announced yet.
  const announcement = !shown ? "" : open ? fill(labels.suggestionCount, { count: suggestions.length }) : search.loading ? labels.searching : kind === "variable" && !variables ? "" : labels.noSuggestions;
  const optionId = (index: number) => `${listId}-${index}`;

  return (
    <div className={styles.editor}>
      <div className={styles.field}>
        <textarea
          ref={box}
          id={id}
          className={styles.box}
          // A textarea may take no ARIA role (ARIA in HTML): it stays a textbox whose suggestions
          // are announced through aria-activedescendant and the status line below.
          aria-controls={listId}
          aria-autocomplete="list"
          aria-haspopup="listbox"
          aria-activedescendant={open ? optionId(current) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={[describedBy, hintId].filter(Boolean).join(" ")}
          rows={5}
          dir="auto"
          spellCheck
          autoComplete="off"
          value={text}
          disabled={disabled}
          onChange={change}
          onSelect={(event) => updateCaret(event.currentTarget)}
          onFocus={(event) => focus(event.currentTarget)}
          onBlur={() => setCaret(null)}
          onKeyDown={onKeyDown}
        />
        {/* "12 / 2000" reads left to right in every language; in Arabic the bidi rules would flip it. */}
        <span dir="ltr" className={`${styles.counter} ${count > limit ? styles.counterOver : count > limit * 0.9 ? styles.counterNear : ""}`} aria-hidden="true">
          {fill(labels.characters, { count, max: limit })}
        </span>
        <ul id={listId} ref={list} role="listbox" aria-label={labels.suggestions} className={styles.list} hidden={!open}>
          {open
            ? suggestions.map((suggestion, index) => (
                <li
                  key={suggestion.key}
                  id={optionId(index)}
                  data-index={index}
                  data-kind={suggestion.kind}
                  role="option"
                  aria-selected={index === current}
                  className={`${styles.option} ${index === current ? styles.active : ""}`}
                  // Keep focus (and the caret) in the box so the click can insert at it.
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => pick(suggestion)}
                >
                  {suggestion.color ? <span className={styles.dot} style={{ background: suggestion.color }} aria-hidden="true" /> : null}
                  <span className={styles.label} dir="auto">
                    {suggestion.label}
                  </span>
                  {suggestion.hint ? (
                    <span className={styles.hint} dir="auto">
                      {suggestion.hint}
                    </span>
                  ) : null}
                </li>
              ))
            : null}
        </ul>
      </div>
      <p id={hintId} className={styles.help}>
        {hintParts(labels.hint)}
      </p>
      <p className="visually-hidden" role="status" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
      {showPreview ? <LazyMessagePreview text={previewText} context={data.context} lookup={lookup} roleColors={roleColors} labels={labels} /> : null}
    </div>
  );
}
