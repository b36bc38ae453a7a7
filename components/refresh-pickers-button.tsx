"use client";

import { useState } from "react";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import { reportUnshownError } from "./report-error";
import styles from "./refresh-pickers-button.module.css";

type Props = { guildId: string; text: { label: string; busy: string; done: string; tooSoon: string } };

/** Re-reads the guild's channels and roles from the platform; the refresh after every write (RefreshAfterWrites) re-renders the page with them. */
export function RefreshPickersButton({ guildId, text }: Props) {
  const [status, setStatus] = useState<"idle" | "busy" | "done" | "too_soon">("idle");

  async function refresh() {
    setStatus("busy");
    try {
      await apiFetch(`/guilds/${guildId}/refresh`, { method: "POST", handles: ["refresh_too_soon"] });
      setStatus("done");
    } catch (error) {
      if (error instanceof TransportError && (error.status === 429 || errorCodeOf(error.body) === "refresh_too_soon")) setStatus("too_soon");
      else {
        setStatus("idle");
        reportUnshownError(error);
      }
    }
  }

  const busy = status === "busy";
  return (
    <div className={styles.wrap}>
      <button type="button" className="button button-secondary button-small" data-testid="refresh-pickers" onClick={() => void refresh()} disabled={busy} aria-busy={busy}>
        {/* Size and stroke in the stylesheet: this button is on every plugin page with pickers. */}
        <svg viewBox="0 0 24 24" aria-hidden="true" className={busy ? `${styles.icon} ${styles.spin}` : styles.icon}>
          <path d="M20 11a8 8 0 0 0-14.3-4.9L4 8M4 4v4h4M4 13a8 8 0 0 0 14.3 4.9L20 16M20 20v-4h-4" />
        </svg>
        {busy ? text.busy : text.label}
      </button>
      <p className={status === "too_soon" ? styles.warn : styles.note} role="status">
        {status === "too_soon" ? text.tooSoon : status === "done" ? text.done : ""}
      </p>
    </div>
  );
}
