"use client";

import { useEffect } from "react";
import { useBoundaryText } from "@/components/boundary-text";
import { reportRenderError } from "@/components/error-reporting/browser-reporting";
import styles from "./status-page.module.css";

// Render failures (spec 2): title, description, the error message and a button.
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const text = useBoundaryText().error;
  useEffect(() => {
    console.error(error);
    reportRenderError(error);
  }, [error]);
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card} role="alert">
        <p className={styles.code} aria-hidden="true">
          ⚠
        </p>
        <h1>{text.title}</h1>
        <p className={styles.muted}>{text.description}</p>
        <p className={styles.detail}>{text.detail.replace("{message}", error.digest ? `${error.message} (${error.digest})` : error.message)}</p>
        <button type="button" className="button button-primary" onClick={reset}>
          {text.button}
        </button>
      </div>
    </main>
  );
}
