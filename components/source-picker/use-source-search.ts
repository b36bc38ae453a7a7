"use client";

import { useEffect, useState } from "react";
import { apiFetch, errorCodeOf, errorMessageOf, TransportError } from "@/lib/http/client-fetch";
import type { ProviderId } from "@/lib/providers/types";
import { failureOf, needsAddress, searchPath, type ProviderFailureCode } from "./search-path";
import type { SourceAccount } from "./types";

/** Wait this long after the last keystroke: provider searches spend our API quota. */
export const SOURCE_SEARCH_DEBOUNCE_MS = 300;

type Answer = { query: string; results: readonly SourceAccount[] } | { query: string; failure: ProviderFailureCode } | { query: string; reason: string };

/**
 * The provider's accounts matching `query` (empty: not searching). Debounced; a newer query
 * aborts the one in flight. `loading` holds while the current query has no answer yet. A query
 * the server refuses says why in `reason` (a feed that cannot be read: a private address, a
 * page that is no feed, broken XML, too slow…), in the page's language as the server words it;
 * one that needs an address and is none is not sent (`needsAddress`).
 */
export function useSourceSearch(provider: ProviderId, query: string) {
  const [answer, setAnswer] = useState<Answer | null>(null);
  const asked = query.trim();
  const addressWanted = asked !== "" && needsAddress(provider, asked);

  useEffect(() => {
    if (!asked || addressWanted) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      apiFetch<{ results?: SourceAccount[] }>(searchPath(provider, asked), { signal: controller.signal, silent: true })
        .then((body) => setAnswer({ query: asked, results: Array.isArray(body?.results) ? body.results : [] }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          const body = error instanceof TransportError ? error.body : undefined;
          const reason = errorCodeOf(body) === "validation_failed" ? errorMessageOf(body) : undefined;
          setAnswer(reason ? { query: asked, reason } : { query: asked, failure: failureOf(errorCodeOf(body)) });
        });
    }, SOURCE_SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [provider, asked, addressWanted]);

  const current = answer?.query === asked && !addressWanted ? answer : null;
  return {
    results: current && "results" in current ? current.results : [],
    failure: current && "failure" in current ? current.failure : null,
    reason: current && "reason" in current ? current.reason : null,
    needsAddress: addressWanted,
    loading: asked !== "" && !addressWanted && current === null,
    answered: current !== null,
  };
}
