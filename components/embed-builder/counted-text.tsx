"use client";

import { textLength } from "@/lib/platform-messages/limits";
import { fillCount } from "./model";
import styles from "./embed-builder.module.css";

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (text: string) => void;
  /** Platform limit in characters (code points); shown as a live counter. */
  max?: number;
  /** Counter template, "{count} / {max}". */
  counter: string;
  /** Broken limit, else the server's error for this value. */
  message?: string;
  multiline?: boolean;
  url?: boolean;
  disabled?: boolean;
};

/**
 * One labelled text of an embed with its live counter. There is no hard maxLength: the
 * text may go over while being edited, and the counter and message say by how much.
 */
export function CountedText({ id, label, value, onChange, max, counter, message, multiline, url, disabled }: Props) {
  const count = textLength(value);
  const messageId = message ? `${id}-message` : undefined;
  const common = {
    id,
    value,
    disabled,
    dir: "auto" as const,
    "aria-invalid": message ? true : undefined,
    "aria-describedby": messageId,
    className: `${styles.input} ${multiline ? styles.textarea : ""} ${max ? styles.withCounter : ""}`,
  };
  return (
    <div className={styles.control}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.box}>
        {multiline ? (
          <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
        ) : (
          <input
            {...common}
            type={url ? "url" : "text"}
            inputMode={url ? "url" : undefined}
            placeholder={url ? "https://" : undefined}
            spellCheck={url ? false : undefined}
            onChange={(event) => onChange(event.target.value)}
          />
        )}
        {max ? (
          <span className={`${styles.counter} ${count > max ? styles.counterOver : count > max * 0.9 ? styles.counterNear : ""}`} aria-hidden="true" data-testid={`${id}-counter`}>
            {fillCount(counter, count, max)}
          </span>
        ) : null}
      </div>
      {message ? (
        <p id={messageId} className={styles.message}>
          {message}
        </p>
      ) : null}
    </div>
  );
}
