"use client";

import { useCallback, useMemo, useRef, useState, type FocusEvent } from "react";
import { useParams } from "next/navigation";
import { DEFAULT_LOCALE, localeOr } from "@/lib/i18n/locales";
import type { NeedLabels, NeedState } from "@/lib/plugins/needed-fields";
import type { FieldIssue } from "@/lib/validation/issues";
import type { Validator } from "@/lib/validation/browser-validator";
import type { FieldErrors, Values } from "./types";

// Checks a form against the plugin's own zod schema while the owner types: errors show once a
// field was left (or a save was tried) and go as soon as the value is fixed; a save with an
// error is stopped before any request. The schema and its sentences load on first focus.
// What an option needs (lib/plugins/needed-fields.ts) shows as soon as the owner's change
// leaves it empty: choosing the option, or emptying the field.

const loaders = new Map<string, Promise<Validator>>();

function loadOnce(pluginId: string, collection: string | undefined, locale: string): Promise<Validator> {
  const key = `${pluginId}/${collection ?? ""}/${locale}`;
  let loading = loaders.get(key);
  if (!loading) {
    loading = import("@/lib/validation/browser-validator").then(({ loadValidator }) => loadValidator(pluginId, collection, localeOr(locale)));
    // A failed download is tried again on the next focus; the server still validates meanwhile.
    loading.catch(() => loaders.delete(key));
    loaders.set(key, loading);
  }
  return loading;
}

const topLevel = (path: string) => path.split(".")[0] ?? path;

/** The first problem of each path, for the fields this form draws (the server judges the rest). */
function toErrors(issues: readonly FieldIssue[], fields: ReadonlySet<string>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) if (fields.has(topLevel(issue.path)) && !(issue.path in errors)) errors[issue.path] = issue.message;
  return errors;
}

/** What the form's needed fields are checked against. */
export type NeedsContext = {
  labels: NeedLabels;
  /** What a save starts from, as the server compares it: the stored config (is the plugin on?) or item (always on), `values` null for a new item. */
  stored: NeedState;
  /** The values this form started from: only the owner's changes since show their needs before a save. */
  start: Values;
  /** The owner tried to turn the plugin on: everything that needs is shown until it is on. */
  turningOn?: boolean;
};

export type LiveValidation = {
  /** Errors to show now: the browser's for fields left or after a tried save, and needs the owner's changes left empty, over the server's. */
  shown(serverErrors: FieldErrors): FieldErrors;
  /** Handlers for the form element (focus loads the schema, leaving a field marks it). */
  formProps: { onFocus: () => void; onBlur: (event: FocusEvent<HTMLElement>) => void };
  /** Before a save (or turning the plugin on): every error of these values, all of them shown from now on. */
  checkAll(values: Values, options?: { turningOn?: boolean }): Promise<FieldErrors>;
  /** Forget left fields and tried saves (a reset, a new item). */
  reset(): void;
};

/** `fields`: the names of the fields the form draws. */
export function useLiveValidation(pluginId: string, collection: string | undefined, fields: readonly string[], values: Values, needs: NeedsContext): LiveValidation {
  const params = useParams<{ locale?: string }>();
  const locale = params?.locale ?? DEFAULT_LOCALE;
  const [validator, setValidator] = useState<Validator | null>(null);
  const [left, setLeft] = useState<ReadonlySet<string>>(new Set());
  const [tried, setTried] = useState(false);
  const loading = useRef(false);

  const load = useCallback(() => {
    if (loading.current) return loadOnce(pluginId, collection, locale);
    loading.current = true;
    const promise = loadOnce(pluginId, collection, locale);
    promise.then((loaded) => setValidator(loaded)).catch(() => (loading.current = false));
    return promise;
  }, [pluginId, collection, locale]);

  const drawn = useMemo(() => new Set(fields), [fields]);
  const { labels, stored, start, turningOn = false } = needs;
  const current = useMemo(() => (validator ? toErrors(validator.validate(values), drawn) : {}), [validator, values, drawn]);
  const unmet = useMemo(
    () => (validator ? toErrors(validator.needs({ enabled: stored.enabled, values: start }, { enabled: stored.enabled || turningOn, values }, labels), drawn) : {}),
    [validator, values, drawn, stored.enabled, turningOn, start, labels],
  );

  return {
    shown(serverErrors) {
      const own = Object.entries(current).filter(([path]) => tried || left.has(topLevel(path)));
      // A server error stays until its field changes (the form drops it); the browser's word wins on the same path.
      return { ...serverErrors, ...unmet, ...Object.fromEntries(own) };
    },
    formProps: {
      onFocus: () => void load().catch(() => undefined),
      onBlur: (event) => {
        const path = event.target.closest<HTMLElement>("[data-field]")?.dataset.field;
        if (path && !left.has(topLevel(path))) setLeft(new Set(left).add(topLevel(path)));
      },
    },
    async checkAll(next, options = {}) {
      setTried(true);
      try {
        const loaded = await load();
        const after = { enabled: stored.enabled || options.turningOn === true, values: next };
        return toErrors([...loaded.validate(next), ...loaded.needs(stored, after, labels)], drawn);
      } catch {
        return {};
      }
    },
    reset() {
      setLeft(new Set());
      setTried(false);
    },
  };
}
