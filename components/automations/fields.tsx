"use client";

import type { ReactNode } from "react";
import { MultiPicker, SinglePicker } from "@/components/settings-form/picker-controls";
import type { FormField, FormLabels, Pickers } from "@/components/settings-form/types";
import formStyles from "@/components/settings-form/form.module.css";

// One labelled control of the automation editor, with its error from the server beside it.
// Channel and role controls are the settings form's pickers.

export type FieldProps = { id: string; label: string; error?: string; help?: string; children: (aria: { id: string; "aria-invalid"?: true; "aria-describedby"?: string }) => ReactNode };

export function Field({ id, label, error, help, children }: FieldProps) {
  const described = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={formStyles.row}>
      <label className={formStyles.label} htmlFor={id}>
        {label}
      </label>
      {help ? (
        <p className={formStyles.help} id={`${id}-help`}>
          {help}
        </p>
      ) : null}
      {children({ id, ...(error ? { "aria-invalid": true as const } : {}), ...(described ? { "aria-describedby": described } : {}) })}
      {error ? (
        <p className={formStyles.error} id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type PickerProps = { id: string; label: string; error?: string; kind: "channel" | "role"; value: string | null; onChange: (value: string | null) => void; optional: boolean; gives?: boolean; pickers: Pickers; labels: FormLabels };

/** A text channel or a role of the server; `optional` offers "None" first. */
export function OnePicker({ id, label, error, kind, value, onChange, optional, gives, pickers, labels }: PickerProps) {
  const field: FormField = { name: id, type: "string", ui: kind, default: null, ...(optional ? { nullable: true } : {}), ...(gives ? { gives: true } : {}) };
  return (
    <Field id={id} label={label} error={error}>
      {(aria) => (
        <SinglePicker id={id} field={field} value={value} onChange={(next) => onChange(typeof next === "string" && next ? next : null)} invalid={!!error} describedBy={aria["aria-describedby"]} labels={labels} pickers={pickers} />
      )}
    </Field>
  );
}

type ManyProps = { id: string; label: string; error?: string; kind: "channels" | "roles"; value: readonly string[]; onChange: (value: string[]) => void; max: number; pickers: Pickers; labels: FormLabels };

/** Several text channels or roles of the server. */
export function ManyPicker({ id, label, error, kind, value, onChange, max, pickers, labels }: ManyProps) {
  const field: FormField = { name: id, type: "array", ui: kind, default: [], maxItems: max };
  return (
    <Field id={id} label={label} error={error}>
      {(aria) => (
        <MultiPicker id={id} field={field} value={value} onChange={(next) => onChange(Array.isArray(next) ? next.filter((entry): entry is string => typeof entry === "string") : [])} invalid={!!error} describedBy={aria["aria-describedby"]} labels={labels} pickers={pickers} />
      )}
    </Field>
  );
}
