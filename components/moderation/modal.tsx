"use client";

import { useEffect, useId, useRef, type ReactNode } from "react";
import styles from "./moderation.module.css";

// The moderation dialogs' frame: a modal <dialog> (the page behind it inert, Escape closes it
// unless something is being sent), its title, and focus back on what opened it afterwards.

type Props = {
  title: string;
  onClose: () => void;
  /** While a request runs, Escape waits. */
  busy?: boolean;
  children: ReactNode;
  testId?: string;
};

export function Modal({ title, onClose, busy = false, children, testId }: Props) {
  const id = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    element.showModal();
    return () => {
      element.close();
      if (opener?.isConnected) opener.focus();
    };
  }, []);

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={`${id}-title`}
      aria-busy={busy}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <h2 id={`${id}-title`} className={styles.dialogTitle}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
