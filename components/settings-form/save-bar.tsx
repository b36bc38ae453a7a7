"use client";

import styles from "./form.module.css";

export type SaveBarText = { unsaved: string; save: string; saving: string; reset: string; conflict: string; reload: string; invalid: string };

type Props = { text: SaveBarText; saving: boolean; conflict: boolean; invalid: boolean; onReset: () => void; onReload: () => void };

/** Sticky bar shown while the form differs from what is saved; the Save button submits the form. */
export function SaveBar({ text, saving, conflict, invalid, onReset, onReload }: Props) {
  return (
    <div className={`${styles.saveBar} ${conflict ? styles.saveBarConflict : ""}`} data-testid="save-bar" role="region" aria-label={text.unsaved}>
      <p className={styles.saveBarText} role="status">
        {conflict ? text.conflict : invalid ? text.invalid : text.unsaved}
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
