"use client";

import { useEffect, useRef, useState } from "react";
import { apiFetch } from "@/lib/http/client-fetch";
import { MAX_MEMBERS, type SearchMember } from "./suggest";

/** Wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 200;

type Result = { query: string; members: readonly SearchMember[] };

const NONE: readonly SearchMember[] = [];

/**
 * Members whose name starts with `query` (null: not searching). Debounced; a newer query
 * aborts the request in flight; answers are kept per query for the page's lifetime.
 * `loading` is true while the current query has no answer yet.
 */
export function useMemberSearch(guildId: string, query: string | null, onFound: (members: readonly SearchMember[]) => void) {
  const [result, setResult] = useState<Result | null>(null);
  const cache = useRef(new Map<string, readonly SearchMember[]>());
  const found = useRef(onFound);
  found.current = onFound;

  useEffect(() => {
    if (query === null) return;
    const cached = cache.current.get(query);
    if (cached) {
      setResult({ query, members: cached });
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const path = `/guilds/${guildId}/members/search?q=${encodeURIComponent(query)}&limit=${MAX_MEMBERS}`;
      apiFetch<SearchMember[]>(path, { signal: controller.signal, silent: true })
        .then((members) => {
          const list = Array.isArray(members) ? members : [];
          cache.current.set(query, list);
          found.current(list);
          if (!controller.signal.aborted) setResult({ query, members: list });
        })
        .catch(() => {
          // Aborted (a newer query) or failed: roles still show; the next keystroke tries again.
          if (!controller.signal.aborted) setResult({ query, members: [] });
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [guildId, query]);

  if (query === null) return { members: NONE, loading: false };
  if (result?.query === query) return { members: result.members, loading: false };
  return { members: cache.current.get(query) ?? NONE, loading: !cache.current.has(query) };
}
