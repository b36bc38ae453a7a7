"use client";

import { useState } from "react";
import styles from "./platform-markdown.module.css";

/**
 * Hidden text that shows on click, Enter or Space. Not a <button>: a spoiler may hold links,
 * quotes or code blocks, which a button may not contain. While hidden, its content is inert
 * (a link inside can be neither clicked nor focused) and it is read by its label; once shown it
 * is plain text, and the same element keeps the focus so the reader carries on from it.
 */
export function Spoiler({ label, children }: { label: string; children: React.ReactNode }) {
  const [shown, setShown] = useState(false);
  return (
    <span
      className={`${styles.spoiler} ${shown ? styles.spoilerShown : ""}`}
      role={shown ? undefined : "button"}
      tabIndex={shown ? -1 : 0}
      aria-label={shown ? undefined : label}
      onClick={shown ? undefined : () => setShown(true)}
      onKeyDown={
        shown
          ? undefined
          : (event) => {
              if (event.key !== "Enter" && event.key !== " ") return;
              // Space would scroll the page.
              event.preventDefault();
              setShown(true);
            }
      }
    >
      <span className={styles.spoilerContent} inert={!shown}>
        {children}
      </span>
    </span>
  );
}
