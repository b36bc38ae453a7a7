"use client";

import { useEffect, useState } from "react";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import type { ProviderId } from "@/lib/providers/types";
import { failureOf, searchPath, type ProviderFailureCode } from "./search-path";
import type { SourceAccount } from "./types";

/** Wait this long after the last keystroke: provider searches spend our API quota. */
export const SOURCE_SEARCH_DEBOUNCE_MS = 300;

type Answer = { query: string; results: readonly SourceAccount[] } | { query: string; failure: ProviderFailureCode };

/**
 * The provider's accounts matching `query` (empty: not searching). Debounced; a newer query
 * aborts the one in flight. `loading` holds while the current query has no answer yet.
 */
export function useSourceSearch(provider: ProviderId, query: string) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const asked = query.trim();

  useEffect(() => {
    if (!asked) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiFetch<{ results?: SourceAccount[] }>(searchPath(provider, asked), { signal: controller.signal, silent: true })
        .then((body) => setAnswer({ query: asked, results: Array.isArray(body?.results) ? body.results : [] }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          setAnswer({ query: asked, failure: failureOf(error instanceof TransportError ? errorCodeOf(error.body) : undefined) });
        });
    }, SOURCE_SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [provider, asked]);

  const current = answer?.query === asked ? answer : null;
  return {
    results: current && "results" in current ? current.results : [],
    failure: current && "failure" in current ? current.failure : null,
    loading: asked !== "" && current === null,
    answered: current !== null,
  };
}
