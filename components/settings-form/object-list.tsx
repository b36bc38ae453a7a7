"use client";

import type { ControlProps } from "./controls";
import { FieldRow, type RowContext } from "./field-row";
import type { Values } from "./types";
import { fill } from "@/lib/i18n/fill";
import { emptyRow } from "./values";
import styles from "./form.module.css";

type Props = ControlProps<unknown> & { path: string; textKey: string; context: RowContext };

/** A list of small objects (e.g. emoji → role pairs): each row renders the item fields, with add and remove. */
export function ObjectList({ id, field, value, onChange, labels, limit, path, textKey, context }: Props) {
  const rows: Values[] = Array.isArray(value) ? value.map((row) => (row && typeof row === "object" ? (row as Values) : {})) : [];
  const fields = field.itemFields ?? [];
  const max = limit ?? field.maxItems;
  const full = max !== undefined && rows.length >= max;
  const disabled = context.disabled;

  return (
    <div className={styles.objectList}>
      {rows.map((row, index) => {
        const label = fill(labels.item, { number: index + 1 });
        return (
          <div key={index} className={styles.objectRow} role="group" aria-label={label}>
            <div className={styles.objectFields}>
              {fields.map((child) => (
                <FieldRow
                  key={child.name}
                  field={child}
                  path={`${path}.${index}.${child.name}`}
                  textKey={`${textKey}.${child.name}`}
                  value={row[child.name]}
                  onChange={(next) => onChange(rows.map((other, at) => (at === index ? { ...other, [child.name]: next } : other)))}
                  context={context}
                />
              ))}
            </div>
            <button
              type="button"
              className={`button button-ghost button-small ${styles.objectRemove}`}
              disabled={disabled}
              aria-label={fill(labels.remove, { name: label })}
              onClick={() => onChange(rows.filter((_, at) => at !== index))}
            >
              {labels.removeItem}
            </button>
          </div>
        );
      })}
      <div>
        <button type="button" id={id} className="button button-secondary button-small" disabled={disabled || full} onClick={() => onChange([...rows, emptyRow(fields)])}>
          + {labels.addItem}
        </button>
      </div>
    </div>
  );
}
