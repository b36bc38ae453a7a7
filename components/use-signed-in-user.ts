"use client";

import useSWR from "swr";
import { apiFetch } from "@/lib/http/client-fetch";
import type { UserEntity } from "@/lib/users/user-entity";

/**
 * The signed-in user, read once and shared by every island that needs them (the header's
 * user menu, the message previews): pages stay free of per-viewer data so they can be cached.
 */
export function useSignedInUser(): UserEntity | undefined {
  const { data } = useSWR("/users/@me", (path: string) => apiFetch<UserEntity>(path, { silent: true }), {
    revalidateOnFocus: true,
    dedupingInterval: 30_000,
    errorRetryCount: 2,
  });
  return data;
}
