"use client";

import { useEffect, useState } from "react";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import type { LatestItem, ProviderId } from "@/lib/providers/types";
import { failureOf, latestPath, type ProviderFailureCode } from "./search-path";
import type { SourceAccount } from "./types";

export type LatestState =
  | { status: "idle" }
  | { status: "loading" }
  | { status: "ready"; item: LatestItem; source: SourceAccount }
  | { status: "empty"; source: SourceAccount }
  | { status: "failed"; failure: ProviderFailureCode };

type Answer = { key: string; state: LatestState };

/** The chosen source's newest item, for the alert preview (null id: nothing chosen yet). */
export function useLatestItem(provider: ProviderId | undefined, id: string | null): LatestState {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const key = provider && id ? `${provider}:${id}` : null;

  useEffect(() => {
    if (!provider || !id || !key) return;
    const controller = new AbortController();
    apiFetch<{ source: SourceAccount; item: LatestItem | null }>(latestPath(provider, id), { signal: controller.signal, silent: true })
      .then(({ source, item }) => setAnswer({ key, state: item ? { status: "ready", item, source } : { status: "empty", source } }))
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        setAnswer({ key, state: { status: "failed", failure: failureOf(error instanceof TransportError ? errorCodeOf(error.body) : undefined) } });
      });
    return () => controller.abort();
  }, [provider, id, key]);

  if (!key) return { status: "idle" };
  return answer?.key === key ? answer.state : { status: "loading" };
}
