"use client";

import type { ControlProps } from "./controls";
import { humanize } from "./values";
import { fill } from "@/lib/i18n/fill";
import styles from "./form.module.css";

// Lists of plain values: free text entries, or a set of choices from an enum.

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.map((entry) => (typeof entry === "string" ? entry : "")) : []);

export function StringList({ id, field, value, onChange, disabled, invalid, describedBy, labels, limit }: ControlProps<unknown>) {
  const entries = strings(value);
  const max = limit ?? field.maxItems;
  const full = max !== undefined && entries.length >= max;
  const update = (index: number, text: string) => onChange(entries.map((entry, at) => (at === index ? text : entry)));
  return (
    <div className={styles.list}>
      {entries.map((entry, index) => (
        <div className={styles.listRow} key={index}>
          <input
            id={index === 0 ? id : `${id}-${index}`}
            className={styles.input}
            value={entry}
            disabled={disabled}
            aria-label={fill(labels.item, { number: index + 1 })}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            onChange={(event) => update(index, event.target.value)}
          />
          <button
            type="button"
            className="button button-ghost button-small"
            disabled={disabled}
            aria-label={fill(labels.remove, { name: entry || fill(labels.item, { number: index + 1 }) })}
            onClick={() => onChange(entries.filter((_, at) => at !== index))}
          >
            {labels.removeItem}
          </button>
        </div>
      ))}
      <div>
        <button
          type="button"
          id={entries.length === 0 ? id : undefined}
          className="button button-secondary button-small"
          disabled={disabled || full}
          onClick={() => onChange([...entries, ""])}
        >
          + {labels.addItem}
        </button>
      </div>
    </div>
  );
}

/** An array of enum values: one checkbox per choice, inside the row's fieldset. */
export function EnumChecks({ id, field, value, onChange, disabled, describedBy, optionLabels, limit }: ControlProps<unknown> & { optionLabels?: Record<string, string> }) {
  const chosen = strings(value);
  const max = limit ?? field.maxItems;
  return (
    <div className={styles.checks} aria-describedby={describedBy}>
      {(field.itemOptions ?? []).map((option, index) => {
        const checked = chosen.includes(option);
        return (
          <label key={option} className={styles.check}>
            <input
              id={index === 0 ? id : undefined}
              type="checkbox"
              checked={checked}
              disabled={disabled || (!checked && max !== undefined && chosen.length >= max)}
              onChange={() => onChange(checked ? chosen.filter((entry) => entry !== option) : [...chosen, option])}
            />
            <span>{optionLabels?.[option] ?? humanize(option)}</span>
          </label>
        );
      })}
    </div>
  );
}
