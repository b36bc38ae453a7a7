"use client";

import { useEffect, useRef, useState } from "react";
import { Spinner } from "@/components/spinner";
import { GUILD_OAUTH_CLOSE_DELAY_MS } from "@/lib/auth/popup";
import { PLUGIN_OAUTH_MESSAGE_TYPE, type LinkedAccount, type LinkProvider, type PluginOAuthMessage } from "@/lib/account-links/providers";
import { apiFetch, TransportError } from "@/lib/http/client-fetch";

type Labels = { title: string; linked: string; failed: string; back: string };
type Props = { provider: LinkProvider; guildId: string; answer: { state: string; code?: string; error?: string }; backHref: string; labels: Labels };

/**
 * Finalizes the link, then hands the account to the opener (the plugin page's island) and closes
 * after 500 ms; without an opener it says so and links back to the plugin page. A refusal is
 * shown as the server worded it, in this page's language.
 */
export function PluginOAuthRelay({ provider, guildId, answer, backHref, labels }: Props) {
  const [outcome, setOutcome] = useState<{ kind: "working" } | { kind: "linked" } | { kind: "failed"; message: string }>({ kind: "working" });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    apiFetch<LinkedAccount>(`/plugins/${provider}/oauth/${guildId}/finalize`, { method: "POST", body: answer, silent: true })
      .then((account) => {
        setOutcome({ kind: "linked" });
        const opener = window.opener as Window | null;
        if (!opener || opener.closed) return;
        const message: PluginOAuthMessage = { type: PLUGIN_OAUTH_MESSAGE_TYPE, provider, guildId, account };
        opener.postMessage(message, window.location.origin);
        window.setTimeout(() => window.close(), GUILD_OAUTH_CLOSE_DELAY_MS);
      })
      .catch((failure: unknown) => setOutcome({ kind: "failed", message: failure instanceof TransportError ? failure.message : labels.failed }));
  }, [provider, guildId, answer, labels.failed]);

  if (outcome.kind === "working") return <Spinner label={labels.title} showLabel />;
  return (
    <div role={outcome.kind === "failed" ? "alert" : "status"}>
      <h1 style={{ fontSize: 22 }}>{outcome.kind === "failed" ? labels.failed : labels.linked}</h1>
      {outcome.kind === "failed" ? <p style={{ color: "var(--text-muted)" }}>{outcome.message}</p> : null}
      <a className="button button-primary" href={backHref}>
        {labels.back}
      </a>
    </div>
  );
}
