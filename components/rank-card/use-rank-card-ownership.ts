"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/http/client-fetch";

export type Ownership = { owned: boolean };

/**
 * Whether the signed-in user owns the custom rank card, read once and shared by the editor's
 * offer and the #rank-card dialog (the pages are the same for every viewer): when the dialog
 * settles a purchase, both show it unlocked.
 */
export function useRankCardOwnership() {
  const { data, mutate } = useSWR("/users/@me/rank-card", (path: string) => apiFetch<Ownership>(path, { silent: true }), { revalidateOnFocus: false });
  return { owned: data?.owned, mutate };
}
