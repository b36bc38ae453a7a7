"use client";

import { useEffect, useRef } from "react";
import { Switch } from "@/components/switch";
import { EMBED_LIMITS, type LimitProblem } from "@/lib/platform-messages/limits";
import { CountedText } from "./counted-text";
import { fill } from "@/lib/i18n/fill";
import { blankField, fillCount, limitText, moved, type EmbedField } from "./model";
import type { EmbedBuilderLabels } from "./types";
import { useListKeys } from "./use-list-keys";
import styles from "./embed-builder.module.css";

type Props = {
  /** Id prefix of this embed's controls. */
  id: string;
  fields: readonly EmbedField[];
  onChange: (fields: EmbedField[]) => void;
  /** Broken limits of the embed, by path relative to it ("fields.2.value"). */
  problems: ReadonlyMap<string, LimitProblem>;
  /** The server's error for a path relative to the embed. */
  serverError: (path: string) => string | undefined;
  labels: EmbedBuilderLabels;
  /** Labels of the embed's properties ("fields", "fields.name"…) from the plugin's messages. */
  fieldText: (key: string) => string;
  counter: string;
  disabled?: boolean;
};

type Focus = { index: number; control: "name" | "up" | "down" | "add" };

/** The name / value blocks of one embed: up to 25, each inline or not, reorderable. */
export function EmbedFieldList({ id, fields, onChange, problems, serverError, labels, fieldText, counter, disabled }: Props) {
  const list = useListKeys(fields.length);
  // Where the keyboard focus goes once a move, add or remove has rendered.
  const pending = useRef<Focus | null>(null);
  const setFocus = (focus: Focus) => {
    pending.current = focus;
  };
  const full = fields.length >= EMBED_LIMITS.fields;
  const over = problems.get("fields");

  useEffect(() => {
    const focus = pending.current;
    if (!focus) return;
    pending.current = null;
    const target = focus.control === "add" ? `${id}-add-field` : `${id}-field-${focus.index}-${focus.control}`;
    const element = document.getElementById(target) as HTMLButtonElement | HTMLInputElement | null;
    // A move button at the end of the list is disabled: its partner takes the focus.
    const partner = focus.control === "up" ? "down" : "up";
    (element && !element.disabled ? element : document.getElementById(`${id}-field-${focus.index}-${partner}`))?.focus();
  });

  const update = (index: number, change: Partial<EmbedField>) => onChange(fields.map((field, at) => (at === index ? { ...field, ...change } : field)));
  const move = (from: number, to: number) => {
    list.move(from, to);
    onChange(moved(fields, from, to));
    setFocus({ index: to, control: to < from ? "up" : "down" });
  };

  const message = (path: string) => {
    const problem = problems.get(path);
    return problem ? limitText(labels, problem) : serverError(path);
  };

  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.label}>{fieldText("fields")}</legend>
      {fields.length > 0 ? (
        <ol className={styles.fieldList}>
          {fields.map((field, index) => {
            const base = `${id}-field-${index}`;
            const name = fill(labels.field, { number: index + 1 });
            return (
              <li key={list.keys[index]} className={styles.fieldRow} aria-label={name} role="group">
                <div className={styles.fieldInputs}>
                  <CountedText
                    id={`${base}-name`}
                    label={fieldText("fields.name")}
                    value={field.name ?? ""}
                    onChange={(text) => update(index, { name: text })}
                    max={EMBED_LIMITS.fieldName}
                    counter={counter}
                    message={message(`fields.${index}.name`)}
                    disabled={disabled}
                  />
                  <CountedText
                    id={`${base}-value`}
                    label={fieldText("fields.value")}
                    value={field.value ?? ""}
                    onChange={(text) => update(index, { value: text })}
                    max={EMBED_LIMITS.fieldValue}
                    counter={counter}
                    message={message(`fields.${index}.value`)}
                    multiline
                    disabled={disabled}
                  />
                  <div className={styles.inline}>
                    <Switch id={`${base}-inline`} checked={field.inline === true} onToggle={() => update(index, { inline: field.inline !== true })} disabled={disabled} />
                    <label htmlFor={`${base}-inline`}>{fieldText("fields.inline")}</label>
                  </div>
                </div>
                <div className={styles.rowActions}>
                  <span className={styles.rowName} aria-hidden="true">
                    {name}
                  </span>
                  <button
                    type="button"
                    id={`${base}-up`}
                    className="button button-ghost button-small"
                    disabled={disabled || index === 0}
                    aria-label={fill(labels.moveFieldUp, { number: index + 1 })}
                    title={labels.moveUp}
                    onClick={() => move(index, index - 1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    id={`${base}-down`}
                    className="button button-ghost button-small"
                    disabled={disabled || index === fields.length - 1}
                    aria-label={fill(labels.moveFieldDown, { number: index + 1 })}
                    title={labels.moveDown}
                    onClick={() => move(index, index + 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className={`button button-ghost button-small ${styles.danger}`}
                    disabled={disabled}
                    aria-label={fill(labels.removeField, { number: index + 1 })}
                    title={labels.remove}
                    onClick={() => {
                      list.remove(index);
                      onChange(fields.filter((_, at) => at !== index));
                      setFocus({ index: 0, control: "add" });
                    }}
                  >
                    ✕
                  </button>
                </div>
              </li>
            );
          })}
        </ol>
      ) : null}
      <div className={styles.listFooter}>
        <button
          type="button"
          id={`${id}-add-field`}
          className="button button-secondary button-small"
          disabled={disabled || full}
          onClick={() => {
            list.add();
            onChange([...fields, blankField()]);
            setFocus({ index: fields.length, control: "name" });
          }}
        >
          + {labels.addField}
        </button>
        <span className={`${styles.count} ${full ? styles.countFull : ""}`} data-testid={`${id}-field-count`}>
          {fillCount(labels.fieldCount, fields.length, EMBED_LIMITS.fields)}
        </span>
      </div>
      {over ? <p className={styles.message}>{limitText(labels, over)}</p> : null}
    </fieldset>
  );
}
