"use client";

import { useState, useTransition } from "react";
import { useRouter } from "next/navigation";
import { reportUnshownError } from "@/components/report-error";
import { apiFetch } from "@/lib/http/client-fetch";

type Props = { guildId: string; eventId: string; text: { revert: string; reverting: string; confirm: string; label: string } };

/** Puts back what an event replaced, then re-renders the log (the revert appears as a new event on top). */
export function RevertButton({ guildId, eventId, text }: Props) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [pending, startTransition] = useTransition();

  async function revert() {
    if (!window.confirm(text.confirm)) return;
    setBusy(true);
    try {
      // A 412 (changed again since) comes back with a code, so apiFetch shows it in the modal.
      await apiFetch(`/guilds/${guildId}/audit-log/${eventId}/revert`, { method: "POST" });
      startTransition(() => router.refresh());
    } catch (error) {
      reportUnshownError(error);
    } finally {
      setBusy(false);
    }
  }

  const working = busy || pending;
  return (
    <button type="button" className="button button-secondary button-small" data-testid="revert-button" onClick={() => void revert()} disabled={working} aria-busy={working} aria-label={text.label}>
      {working ? text.reverting : text.revert}
    </button>
  );
}
