"use client";

import { useEffect, useEffectEvent, useState } from "react";
import { apiFetch } from "@/lib/http/client-fetch";
import { MAX_MEMBERS, type SearchMember } from "./suggest";

/** Wait this long after the last keystroke before asking the server. */
export const SEARCH_DEBOUNCE_MS = 200;

const NONE: readonly SearchMember[] = [];

/**
 * Members whose name starts with `query` (null: not searching). Debounced; a newer query
 * aborts the request in flight; answers are kept per query for the page's lifetime.
 * `loading` is true while the current query has no answer yet.
 */
export function useMemberSearch(guildId: string, query: string | null, onFound: (members: readonly SearchMember[]) => void) {
  const [answers, setAnswers] = useState<ReadonlyMap<string, readonly SearchMember[]>>(() => new Map());
  // The latest query whose request failed: no members, and not "loading" either.
  const [failed, setFailed] = useState<string | null>(null);
  const answered = useEffectEvent((asked: string) => answers.has(asked));
  const found = useEffectEvent((members: readonly SearchMember[]) => onFound(members));

  useEffect(() => {
    if (query === null || answered(query)) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      const path = `/guilds/${guildId}/members/search?q=${encodeURIComponent(query)}&limit=${MAX_MEMBERS}`;
      apiFetch<SearchMember[]>(path, { signal: controller.signal, silent: true })
        .then((members) => {
          const list = Array.isArray(members) ? members : [];
          setAnswers((current) => new Map(current).set(query, list));
          if (!controller.signal.aborted) setFailed(null);
          found(list);
        })
        .catch(() => {
          // Aborted (a newer query) or failed: roles still show; the next keystroke tries again.
          if (!controller.signal.aborted) setFailed(query);
        });
    }, SEARCH_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [guildId, query]);

  if (query === null) return { members: NONE, loading: false };
  const members = answers.get(query);
  return { members: members ?? NONE, loading: !members && failed !== query };
}
