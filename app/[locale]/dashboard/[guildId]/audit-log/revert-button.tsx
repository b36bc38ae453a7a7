"use client";

import { useState } from "react";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch } from "@/lib/http/client-fetch";

type Props = { guildId: string; eventId: string; text: { revert: string; reverting: string; confirm: string; label: string } };

/** Puts back what an event replaced; the refresh after every write (RefreshAfterWrites) re-renders the log with the revert on top. */
export function RevertButton({ guildId, eventId, text }: Props) {
  const [busy, setBusy] = useState(false);

  async function revert() {
    if (!window.confirm(text.confirm)) return;
    setBusy(true);
    try {
      // A 412 (changed again since) comes back with a code, so apiFetch shows it in the modal.
      await apiFetch(`/guilds/${guildId}/audit-log/${eventId}/revert`, { method: "POST" });
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setBusy(false);
    }
  }

  return (
    <button type="button" className="button button-secondary button-small" data-testid="revert-button" onClick={() => void revert()} disabled={busy} aria-busy={busy} aria-label={text.label}>
      {busy ? text.reverting : text.revert}
    </button>
  );
}
