"use client";

import { useEffect, useMemo, useRef, useState } from "react";
import { apiFetch, errorCodeOf, errorMessageOf, TransportError } from "@/lib/http/client-fetch";
import { reportUnshownError } from "@/components/report-error";
import { LatestNotice } from "@/components/source-picker/latest-notice";
import { useLatestItem } from "@/components/source-picker/use-latest-item";
import type { RowContext } from "./field-row";
import { FieldsEditor } from "./fields-editor";
import type { FieldErrors, FormField, FormSpec, Values } from "./types";
import { useLiveValidation } from "./use-live-validation";
import { fill } from "@/lib/i18n/fill";
import { changedKeys, fieldErrorsOf, isEqual, needLabelsOf, pick } from "./values";
import styles from "./collection.module.css";

export type RawItem = { id: string; position: number; version: number } & Values;
export type DialogText = { addTitle: string; editTitle: string; cancel: string; save: string; saving: string; discardQuestion: string; keepEditing: string; discard: string };
/** Clearer, translated words for a number out of bounds ("{min}", "{max}"). */
export type ValidationText = { outOfRange: string };

type Props = {
  /** The item being edited, or null to create one; undefined keeps the dialog closed. */
  editing: { id: string; data: Values } | null | undefined;
  endpoint: string;
  /** Whose schema checks the item as it is typed (lib/validation/browser-validator.ts). */
  schema: { pluginId: string; collection: string };
  spec: FormSpec;
  emptyValues: Values;
  context: Omit<RowContext, "errors" | "idPrefix">;
  text: DialogText;
  validationText?: ValidationText;
  heading: string;
  onDone: (item: RawItem | null) => void;
};

/**
 * Field errors as the dialog shows them: a number outside its bounds reads "Enter a whole
 * number from 10 to 10080" in the page's language; the rest as the server wrote them (in the
 * page's language too: a value another item uses says which, a source already in the channel so).
 */
export function explainFieldErrors(errors: FieldErrors, fields: readonly FormField[], values: Values, text: ValidationText | undefined): FieldErrors {
  if (!text) return errors;
  return Object.fromEntries(
    Object.entries(errors).map(([path, message]) => {
      const field = fields.find((entry) => entry.name === path);
      const value = values[path];
      const bounded = field && (field.type === "integer" || field.type === "number") && field.min !== undefined && field.max !== undefined;
      if (bounded && (typeof value !== "number" || value < field.min! || value > field.max! || (field.type === "integer" && !Number.isInteger(value)))) {
        return [path, fill(text.outOfRange, { min: field.min!, max: field.max! })];
      }
      return [path, message];
    }),
  );
}

/** Add or edit one collection item in a modal <dialog>; validation errors stay next to their fields. */
export function ItemDialog({ editing, endpoint, schema, spec, emptyValues, context, text, validationText, heading, onDone }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const start = useMemo(() => (editing ? { ...emptyValues, ...editing.data } : emptyValues), [editing, emptyValues]);
  const [values, setValues] = useState<Values>(start);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [focusErrors, setFocusErrors] = useState(0);
  const [shownFor, setShownFor] = useState(editing);
  const [confirming, setConfirming] = useState(false);
  const keepEditing = useRef<HTMLButtonElement>(null);
  const open = editing !== undefined;
  const fieldNames = useMemo(() => spec.fields.map((field) => field.name), [spec]);
  // An item's options need their fields whether or not the plugin is on; the sentences name no plugin.
  const needLabels = useMemo(() => needLabelsOf(context.texts, heading), [context.texts, heading]);
  const stored = useMemo(() => ({ enabled: true, values: editing?.data ?? null }), [editing]);
  const live = useLiveValidation(schema.pluginId, schema.collection, fieldNames, values, { labels: needLabels, stored, start });
  const shownErrors = live.shown(errors);
  const changed = open && spec.fields.some((field) => !isEqual(values[field.name], start[field.name]));
  // A social subscription previews its messages with the chosen source's latest item.
  const sourceField = spec.fields.find((field) => field.ui === "source" && field.provider);
  const sourceId = sourceField && typeof values[sourceField.name] === "string" && values[sourceField.name] !== "" ? (values[sourceField.name] as string) : null;
  const latest = useLatestItem(open && context.source ? sourceField?.provider : undefined, sourceId);
  const message = context.message;
  const itemValues = latest.status === "ready" ? latest.item.values : null;
  const rowContext = useMemo(() => (message && itemValues ? { ...context, message: { ...message, context: { ...message.context, item: itemValues } } } : context), [context, message, itemValues]);

  // Every opening starts from the item (or an empty row), without the last one's errors.
  if (editing !== shownFor) {
    setShownFor(editing);
    if (open) {
      setValues(start);
      setErrors({});
      setNotice(null);
      setConfirming(false);
      live.reset();
    }
  }

  useEffect(() => {
    if (open && !dialog.current?.open) dialog.current?.showModal();
    if (!open && dialog.current?.open) dialog.current.close();
  }, [open]);

  useEffect(() => {
    if (focusErrors) dialog.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [focusErrors]);

  useEffect(() => {
    if (confirming) keepEditing.current?.focus();
  }, [confirming]);

  /** Escape, a click outside and Cancel: a changed item is only thrown away once the owner says so. */
  function requestClose() {
    if (saving) return;
    if (changed) setConfirming(true);
    else onDone(null);
  }

  async function submit() {
    if (saving) return;
    // The schema's own problems are shown without asking the server.
    if (Object.keys(await live.checkAll(values)).length > 0) {
      setFocusErrors((count) => count + 1);
      return;
    }
    setSaving(true);
    setNotice(null);
    try {
      const item = editing
        ? await apiFetch<RawItem>(`${endpoint}/${editing.id}`, { method: "PATCH", body: pick(values, changedKeys(editing.data, values)), handles: HANDLED })
        : await apiFetch<RawItem>(endpoint, { method: "POST", body: values, handles: HANDLED });
      onDone(item);
    } catch (error) {
      const code = error instanceof TransportError ? errorCodeOf(error.body) : undefined;
      const body = error instanceof TransportError ? error.body : undefined;
      if (code === "validation_failed" || code === "duplicate_value") {
        const fields = explainFieldErrors(fieldErrorsOf(body), spec.fields, values, validationText);
        setErrors(fields);
        if (Object.keys(fields).length === 0) setNotice(errorMessageOf(body) ?? null);
        setFocusErrors((count) => count + 1);
      } else if (code && HANDLED.includes(code)) {
        setNotice(errorMessageOf(body) ?? code);
      } else {
        reportUnshownError(error);
      }
    } finally {
      setSaving(false);
    }
  }

  const titleId = `${endpoint}-dialog-title`.replace(/\W/g, "-");
  return (
    <dialog
      ref={dialog}
      className={`${styles.dialog} ${spec.fields.some((field) => field.ui === "message" || field.ui === "embeds") ? styles.dialogWide : ""}`}
      aria-labelledby={titleId}
      onClose={() => open && onDone(null)}
      onKeyDown={(event) => {
        // Handled here, not by the dialog's own cancel: Chromium closes anyway on a second Escape.
        if (event.key !== "Escape") return;
        event.preventDefault();
        if (confirming) setConfirming(false);
        else requestClose();
      }}
      onClick={(event) => {
        // The dialog element itself is only hit on its backdrop: the form fills it.
        if (event.target === dialog.current) requestClose();
      }}
    >
      <form
        method="dialog"
        noValidate
        className={styles.dialogForm}
        {...live.formProps}
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <header className={styles.dialogHeader}>
          <h2 id={titleId}>{editing ? text.editTitle : text.addTitle}</h2>
          <p>{heading}</p>
        </header>
        <div className={styles.dialogBody}>
          {notice ? (
            <p className="notice notice-error" role="alert">
              {notice}
            </p>
          ) : null}
          <FieldsEditor
            spec={spec}
            values={values}
            onChange={(name, value) => {
              setValues((current) => ({ ...current, [name]: value }));
              setErrors((current) => Object.fromEntries(Object.entries(current).filter(([path]) => path !== name && !path.startsWith(`${name}.`))));
            }}
            context={{ ...rowContext, errors: shownErrors, idPrefix: `${titleId}-field` }}
          />
          {context.source ? <LatestNotice state={latest} labels={context.source} /> : null}
        </div>
        {confirming ? (
          <div className={styles.discard} role="alert">
            <p>{text.discardQuestion}</p>
            <button ref={keepEditing} type="button" className="button button-secondary button-small" onClick={() => setConfirming(false)}>
              {text.keepEditing}
            </button>
            <button type="button" className="button button-ghost button-small" onClick={() => onDone(null)}>
              {text.discard}
            </button>
          </div>
        ) : null}
        <footer className={styles.dialogFooter}>
          <button type="button" className="button button-ghost" onClick={requestClose}>
            {text.cancel}
          </button>
          <button type="submit" className="button button-primary" disabled={saving || context.disabled} aria-busy={saving}>
            {saving ? text.saving : text.save}
          </button>
        </footer>
      </form>
    </dialog>
  );
}

// The dialog explains these itself: field errors (and a name already taken) inline, limits as a notice.
const HANDLED = ["validation_failed", "duplicate_value", "limit_reached", "premium_limit_reached"];
