"use client";

import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/spinner";
import { LOGIN_MESSAGE_TYPE, type LoginMessage } from "@/lib/auth/popup";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";

type Labels = { finishing: string; failed: string; startAgain: string; cancelled: string };
type Props = { code?: string; state?: string; denied: boolean; restartHref: string; labels: Labels };
type Finalized = { redirect: string; popup: boolean };

/** Posts the code to /api/finalize-login, then hands the result to the opener (popup) or navigates. */
export function FinalizeLogin({ code, state, denied, restartHref, labels }: Props) {
  const [error, setError] = useState<string | null>(denied ? labels.cancelled : null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current || denied || !code) return;
    started.current = true;
    apiFetch<Finalized>("/finalize-login", { method: "POST", body: { code, state, login_type: "DEFAULT" }, silent: true })
      .then((result) => {
        const opener = window.opener as Window | null;
        if (result.popup && opener && !opener.closed) {
          const message: LoginMessage = { type: LOGIN_MESSAGE_TYPE, redirect: result.redirect };
          opener.postMessage(message, window.location.origin);
          window.close();
          return;
        }
        window.location.replace(result.redirect);
      })
      .catch((failure: unknown) => setError(failure instanceof TransportError ? failure.message : labels.failed));
  }, [code, state, denied, labels.failed]);

  if (error || (!code && !denied)) {
    return (
      <div role="alert">
        <h1 style={{ fontSize: 22 }}>{labels.failed}</h1>
        <p style={{ color: "var(--text-muted)" }}>{error}</p>
        <a className="button button-primary" href={restartHref}>
          {labels.startAgain}
        </a>
      </div>
    );
  }
  return <Spinner label={labels.finishing} showLabel />;
}
