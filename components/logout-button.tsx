"use client";

import { useState } from "react";
import { apiFetch } from "@/lib/http/client-fetch";

/** Clears the session; the next page load starts without a current guild (spec 4). */
export function LogoutButton({ label }: { label: string }) {
  const [busy, setBusy] = useState(false);
  async function logout() {
    setBusy(true);
    try {
      await apiFetch("/logout", { method: "POST" });
      window.location.assign(`/${window.location.pathname.split("/")[1] ?? ""}`);
    } catch {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="button button-ghost button-small" onClick={logout} disabled={busy}>
      {label}
    </button>
  );
}
