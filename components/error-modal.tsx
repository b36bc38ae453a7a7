"use client";

import { useEffect, useRef, useState } from "react";
import { onErrorModal } from "@/lib/http/error-bus";
import styles from "./error-modal.module.css";

type Props = { title: string; unknown: string; close: string };

/** The one global error modal (spec 8), raised by the client fetch wrapper. */
export function ErrorModal({ title, unknown, close }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [message, setMessage] = useState<string | null>(null);

  useEffect(
    () =>
      onErrorModal((payload) => {
        setMessage(payload.message || unknown);
        if (!dialog.current?.open) dialog.current?.showModal();
      }),
    [unknown],
  );

  return (
    <dialog ref={dialog} className={styles.dialog} aria-labelledby="error-modal-title" aria-describedby="error-modal-message" onClose={() => setMessage(null)}>
      <h2 id="error-modal-title" className={styles.title}>
        {title}
      </h2>
      <p id="error-modal-message" className={styles.message}>
        {message ?? unknown}
      </p>
      <form method="dialog" className={styles.actions}>
        <button className="button button-primary" autoFocus>
          {close}
        </button>
      </form>
    </dialog>
  );
}
