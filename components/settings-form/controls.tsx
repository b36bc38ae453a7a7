"use client";

import { useState } from "react";
import { ColorPresets } from "@/components/pickers/color-presets";
import pickerStyles from "@/components/pickers/pickers.module.css";
import { textLength } from "@/lib/platform-messages/limits";
import type { FormField, FormLabels, PickerRole } from "./types";
import { fill } from "@/lib/i18n/fill";
import { colorOf, hexOf, humanize } from "./values";
import styles from "./form.module.css";

// The simple controls of the generic form. Each takes the id its <label> points at
// and the ids of its help and error texts, so every control is labelled and described.

export type ControlProps<T> = {
  id: string;
  field: FormField;
  value: T;
  onChange: (value: unknown) => void;
  disabled?: boolean;
  invalid?: boolean;
  describedBy?: string;
  labels: FormLabels;
  /** Most characters (or items) this guild may use; lower than the schema's on free guilds. */
  limit?: number;
};

const aria = (invalid?: boolean, describedBy?: string) => ({ "aria-invalid": invalid || undefined, "aria-describedby": describedBy });

/** Empty text becomes null for nullable fields, so "cleared" is stored as "not set". */
const textValue = (field: FormField, text: string) => (text === "" && field.nullable ? null : text);

export function TextControl({ id, field, value, onChange, disabled, invalid, describedBy, limit }: ControlProps<unknown>) {
  const kind = field.ui === "url" ? "url" : "text";
  return (
    <input
      id={id}
      className={`${styles.input} ${field.ui === "emoji" ? styles.short : ""}`}
      type={kind}
      dir="auto"
      inputMode={kind === "url" ? "url" : undefined}
      placeholder={kind === "url" ? "https://" : undefined}
      maxLength={limit ?? field.maxLength}
      value={typeof value === "string" ? value : ""}
      disabled={disabled}
      onChange={(event) => onChange(textValue(field, event.target.value))}
      {...aria(invalid, describedBy)}
    />
  );
}

export function TextAreaControl({ id, field, value, onChange, disabled, invalid, describedBy, labels, limit }: ControlProps<unknown>) {
  const text = typeof value === "string" ? value : "";
  const max = limit ?? field.maxLength ?? (field.ui === "message" ? 2000 : undefined);
  const message = field.ui === "message";
  return (
    <div className={styles.textareaWrap}>
      <textarea
        id={id}
        className={`${styles.input} ${styles.textarea} ${message ? styles.message : ""}`}
        rows={message ? 5 : 3}
        dir="auto"
        maxLength={max}
        value={text}
        disabled={disabled}
        onChange={(event) => onChange(textValue(field, event.target.value))}
        {...aria(invalid, describedBy)}
      />
      {max ? (
        // Counted in code points like the server's limit; "12 / 100" reads left to right in every language.
        <span dir="ltr" className={`${styles.counter} ${textLength(text) > max * 0.9 ? styles.counterNear : ""}`} aria-hidden="true">
          {fill(labels.characters, { count: textLength(text), max })}
        </span>
      ) : null}
    </div>
  );
}

export function NumberControl({ id, field, value, onChange, disabled, invalid, describedBy }: ControlProps<unknown>) {
  // The text is kept locally so half-typed numbers ("-", "1.") survive re-renders.
  const [text, setText] = useState(typeof value === "number" ? String(value) : "");
  // A new value from the form (Reset, a saved answer) rewrites the text unless it already reads as that number.
  const [shown, setShown] = useState(value);
  if (!Object.is(value, shown)) {
    setShown(value);
    if (typeof value === "number") setText(text !== "" && Number(text) === value ? text : String(value));
    else if (value === null || value === undefined) setText("");
  }
  return (
    <input
      id={id}
      className={`${styles.input} ${styles.number}`}
      type="number"
      inputMode={field.type === "integer" ? "numeric" : "decimal"}
      step={field.type === "integer" ? 1 : "any"}
      min={field.min}
      max={field.max}
      value={text}
      disabled={disabled}
      onChange={(event) => {
        setText(event.target.value);
        const parsed = event.target.valueAsNumber;
        // An empty box is "not set" when allowed; otherwise the server's message explains the problem.
        onChange(event.target.value === "" ? (field.nullable ? null : "") : Number.isNaN(parsed) ? event.target.value : parsed);
      }}
      {...aria(invalid, describedBy)}
    />
  );
}

export function SelectControl({ id, field, value, onChange, disabled, invalid, describedBy, labels, optionLabels }: ControlProps<unknown> & { optionLabels?: Record<string, string> }) {
  return (
    <select
      id={id}
      className={`${styles.input} ${styles.select}`}
      value={typeof value === "string" ? value : ""}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value === "" && field.nullable ? null : event.target.value)}
      {...aria(invalid, describedBy)}
    >
      {field.nullable ? <option value="">{labels.none}</option> : null}
      {(field.options ?? []).map((option) => (
        <option key={option} value={option}>
          {optionLabels?.[option] ?? humanize(option)}
        </option>
      ))}
    </select>
  );
}

/** What an unset colour looks like on the platform (its accent); also the hex box's placeholder. */
const UNSET_COLOR = "#5865f2";

/** Hex box, the browser's colour picker and, when the page sent their names, preset swatches (the palette and the guild's role colours). */
export function ColorControl({ id, field, value, onChange, disabled, invalid, describedBy, labels, roles = [] }: ControlProps<unknown> & { roles?: readonly PickerRole[] }) {
  const color = typeof value === "number" ? hexOf(value) : "";
  const [text, setText] = useState(color);
  // A new value from the form (the swatch, Reset) rewrites the hex box.
  const [shown, setShown] = useState(color);
  if (color !== shown) {
    setShown(color);
    setText(color);
  }
  return (
    <div className={pickerStyles.color}>
      <div className={styles.colorRow}>
        <input
          type="color"
          className={styles.swatch}
          value={color || UNSET_COLOR}
          disabled={disabled}
          aria-label={labels.colorHex}
          onChange={(event) => onChange(colorOf(event.target.value))}
        />
        <input
          id={id}
          className={`${styles.input} ${styles.hex}`}
          value={text}
          placeholder={UNSET_COLOR}
          maxLength={7}
          spellCheck={false}
          disabled={disabled}
          onChange={(event) => {
            setText(event.target.value);
            const parsed = colorOf(event.target.value);
            if (parsed !== null) onChange(parsed);
            else if (event.target.value === "" && field.nullable) onChange(null);
          }}
          {...aria(invalid, describedBy)}
        />
        {field.nullable && color ? (
          <button type="button" className="button button-ghost button-small" disabled={disabled} onClick={() => onChange(null)}>
            {labels.clearColor}
          </button>
        ) : null}
      </div>
      {labels.pickers ? <ColorPresets idPrefix={id} value={typeof value === "number" ? value : null} onPick={onChange} roles={roles} text={labels.pickers} disabled={disabled} /> : null}
    </div>
  );
}

