"use client";

import { FieldRow, type RowContext } from "./field-row";
import type { FormSpec, Values } from "./types";
import styles from "./form.module.css";

/** Every field of a form spec, top to bottom. `textPrefix` scopes label lookups (a collection's items). */
export function FieldsEditor({ spec, values, onChange, context, textPrefix = "" }: { spec: FormSpec; values: Values; onChange: (name: string, value: unknown) => void; context: RowContext; textPrefix?: string }) {
  return (
    <div className={styles.fields}>
      {spec.fields.map((field) => (
        <FieldRow
          key={field.name}
          field={field}
          path={field.name}
          textKey={`${textPrefix}${field.name}`}
          value={values[field.name]}
          onChange={(value) => onChange(field.name, value)}
          context={context}
        />
      ))}
    </div>
  );
}
