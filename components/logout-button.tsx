"use client";

import { useState } from "react";
import { useParams, useRouter } from "next/navigation";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";

/**
 * Ends this session, or with `everywhere` every session of the user (other
 * browsers, devices and copied cookies), then opens the home page; the next page
 * load starts without a current guild (spec 4).
 */
export function LogoutButton({ label, everywhere = false, className = "button button-ghost button-small" }: { label: string; everywhere?: boolean; className?: string }) {
  const router = useRouter();
  const { locale } = useParams<{ locale: string }>();
  const [busy, setBusy] = useState(false);

  function leave() {
    // replace: Back must not return to a page of the ended session; refresh empties the router's cache of them.
    router.replace(`/${locale}`);
    router.refresh();
  }

  async function logout() {
    setBusy(true);
    try {
      await apiFetch(everywhere ? "/logout/all" : "/logout", { method: "POST", handles: ["unauthorized"] });
      leave();
    } catch (error) {
      // 401: the session had already ended (elsewhere, or it expired): nothing left to sign out of.
      if (error instanceof TransportError && error.status === 401) leave();
      else setBusy(false);
    }
  }

  return (
    <button type="button" className={className} onClick={logout} disabled={busy}>
      {label}
    </button>
  );
}
