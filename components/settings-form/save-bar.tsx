"use client";

import { fill } from "@/lib/i18n/fill";
import { type firstProblem } from "./values";
import styles from "./form.module.css";

/** `invalid` and `invalidMore` are templates: {field}, {message} and {count}; `changedBy`: {user}. */
export type SaveBarText = { unsaved: string; save: string; saving: string; reset: string; conflict: string; changedBy: string; reload: string; invalid: string; invalidMore: string };

/** The first setting to fix, from the top of the form (firstProblem), and how many others need fixing too. */
/** `changedBy`: who saved a newer version meanwhile, when the realtime channel said so (the conflict then names them). */
type Props = { text: SaveBarText; saving: boolean; conflict: boolean; changedBy: string | null; problem: ReturnType<typeof firstProblem>; onReset: () => void; onReload: () => void };

/** Sticky bar shown while the form differs from what is saved; the Save button submits the form. */
export function SaveBar({ text, saving, conflict, changedBy, problem, onReset, onReload }: Props) {
  const status = conflict
    ? changedBy
      ? fill(text.changedBy, { user: changedBy })
      : text.conflict
    : problem
      ? fill(problem.others > 0 ? text.invalidMore : text.invalid, { field: problem.field, message: problem.message, count: problem.others })
      : text.unsaved;
  return (
    <div className={`${styles.saveBar} ${conflict ? styles.saveBarConflict : ""} ${problem && !conflict ? styles.saveBarInvalid : ""}`} data-testid="save-bar" role="region" aria-label={text.unsaved}>
      <p className={styles.saveBarText} role="status" data-testid="save-bar-status">
        {status}
      </p>
      <div className={styles.saveBarActions}>
        {conflict ? (
          <button type="button" className="button button-primary button-small" onClick={onReload}>
            {text.reload}
          </button>
        ) : (
          <>
            <button type="button" className="button button-ghost button-small" onClick={onReset} disabled={saving}>
              {text.reset}
            </button>
            <button type="submit" className="button button-primary button-small" data-testid="save-button" disabled={saving} aria-busy={saving}>
              {saving ? text.saving : text.save}
            </button>
          </>
        )}
      </div>
    </div>
  );
}
