"use client";

import { FieldRow, type RowContext } from "./field-row";
import type { FormField, FormSpec, Values } from "./types";
import styles from "./form.module.css";

type Props = {
  spec: FormSpec;
  values: Values;
  onChange: (name: string, value: unknown) => void;
  context: RowContext;
  /** Scopes label lookups (a collection's items). */
  textPrefix?: string;
  /** Titles of the spec's sections, by id; without them the fields stay one list. */
  sectionTitles?: Record<string, string>;
};

/**
 * Every field of a form spec, top to bottom; a long config in the titled sections its plugin
 * declares (fields in none come first), each a labelled region a screen reader can jump to.
 */
export function FieldsEditor({ spec, values, onChange, context, textPrefix = "", sectionTitles }: Props) {
  // A source's name is written by its source picker, not edited on its own.
  const sourceName = spec.fields.find((field) => field.ui === "source_name")?.name;
  const companion = (field: FormField) => (field.ui === "source" && sourceName ? { value: values[sourceName], onChange: (value: unknown) => onChange(sourceName, value) } : undefined);
  const row = (field: FormField) =>
    field.ui === "source_name" ? null : (
      <FieldRow
        key={field.name}
        field={field}
        path={field.name}
        textKey={`${textPrefix}${field.name}`}
        value={values[field.name]}
        onChange={(value) => onChange(field.name, value)}
        context={context}
        companion={companion(field)}
      />
    );
  if (!spec.sections || !sectionTitles) return <div className={styles.fields}>{spec.fields.map(row)}</div>;

  const byName = new Map(spec.fields.map((field) => [field.name, field]));
  const grouped = new Set(spec.sections.flatMap((section) => section.fields));
  const loose = spec.fields.filter((field) => !grouped.has(field.name));
  return (
    <div className={styles.fields}>
      {loose.map(row)}
      {spec.sections.map((section) => {
        const fields = section.fields.flatMap((name) => byName.get(name) ?? []);
        if (fields.length === 0) return null;
        const headingId = `${context.idPrefix}-section-${section.id}`;
        return (
          <section key={section.id} className={styles.section} aria-labelledby={headingId} data-section={section.id}>
            <h3 id={headingId} className={styles.sectionTitle}>
              {sectionTitles[section.id] ?? section.id}
            </h3>
            {fields.map(row)}
          </section>
        );
      })}
    </div>
  );
}
