"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./confirm-dialog.module.css";

// A question before an action, in the page's own modal <dialog> rather than the browser's
// confirm(): translated buttons, room for another choice (an offer instead of the action), and
// feedback while the action runs. The browser makes the page behind a modal dialog inert and
// closes it on Escape; Tab past its last button would leave for the browser's own bar, so it
// wraps to the first here. Focus then goes back to what opened it (or, when that is gone, to
// `returnFocus`).

type Props = {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  /** Closes without acting (as Escape does). */
  backLabel: string;
  onConfirm: () => void;
  onClose: () => void;
  /** While the chosen action runs: the buttons wait and Escape does nothing. */
  busy?: boolean;
  /** Said in place of the confirm button's label while busy. */
  busyLabel?: string;
  /** The action ends or loses something: drawn in the danger colour, never the primary button. */
  danger?: boolean;
  /** Another choice, between the question and its buttons. */
  children?: ReactNode;
  /** Where focus goes when what opened the dialog left the page meanwhile. */
  returnFocus?: () => HTMLElement | null | undefined;
  testId?: string;
};

export function ConfirmDialog({ open, title, description, confirmLabel, backLabel, onConfirm, onClose, busy = false, busyLabel, danger = false, children, returnFocus, testId }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  const back = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      element.showModal();
      // The safe choice first: Enter right away does not act.
      back.current?.focus();
    }
    if (!open && element.open) element.close();
  }, [open]);

  /** Tab from the last control goes to the first, Shift+Tab from the first to the last. */
  function keepFocusInside(event: React.KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab") return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>("button:not(:disabled), a[href], input:not(:disabled)")];
    const [first, last] = [controls[0], controls.at(-1)];
    if (!first || !last) return;
    if (event.shiftKey ? document.activeElement === first : document.activeElement === last) {
      event.preventDefault();
      (event.shiftKey ? last : first).focus();
    }
  }

  function closed() {
    const target = opener.current?.isConnected ? opener.current : returnFocus?.();
    opener.current = null;
    target?.focus();
    if (open) onClose();
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      aria-busy={busy}
      onCancel={(event) => {
        if (busy) event.preventDefault();
      }}
      onClose={closed}
      onKeyDown={keepFocusInside}
      data-testid={testId}
    >
      <h2 id={`${id}-title`} className={styles.title}>
        {title}
      </h2>
      <p id={`${id}-description`} className={styles.description}>
        {description}
      </p>
      {children}
      <div className={styles.actions}>
        <button ref={back} type="button" className="button button-ghost" onClick={onClose} disabled={busy}>
          {backLabel}
        </button>
        <button type="button" className={`button ${danger ? `button-secondary ${styles.danger}` : "button-primary"}`} onClick={onConfirm} disabled={busy}>
          {busy && busyLabel ? busyLabel : confirmLabel}
        </button>
      </div>
    </dialog>
  );
}
