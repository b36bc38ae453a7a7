"use client";

import { useLinkStatus } from "next/link";
import { useBoundaryText } from "./boundary-text";
import styles from "./link-pending.module.css";

/**
 * Put inside a <Link>: a small spinner while the page it leads to loads. Guild pages keep
 * the current page on screen until the next one is ready (no loading boundary replaces the
 * menu), so this is where the click is answered at once.
 */
export function LinkPending() {
  const { pending } = useLinkStatus();
  const { loading } = useBoundaryText();
  if (!pending) return null;
  return (
    <span className={styles.pending} role="status">
      <span className="visually-hidden">{loading}</span>
    </span>
  );
}
