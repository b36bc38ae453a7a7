"use client";

import { useSyncExternalStore } from "react";
import { apiFetch } from "@/lib/http/client-fetch";
import type { UserEntity } from "@/lib/users/user-entity";

// The signed-in user, read once and shared by every island that needs them (the header's user
// menu, the message previews): pages stay free of per-viewer data so they can be cached.
// A small store rather than swr: the user menu is on every dashboard page, and swr (~5.5 KB
// gzip) would be in each page's first-load JavaScript for this one read. Same rules as the
// swr read it replaces: read again when the window regains focus, at most every 30 s; a failed
// read tried twice more.

const DEDUPE_MS = 30_000;
const RETRIES = 2;
const RETRY_MS = 1_000;

let user: UserEntity | undefined;
let readAt = 0;
let reading = false;
const listeners = new Set<() => void>();

async function read(): Promise<void> {
  if (reading || Date.now() - readAt < DEDUPE_MS) return;
  reading = true;
  try {
    for (let attempt = 0; attempt <= RETRIES; attempt++) {
      try {
        user = await apiFetch<UserEntity>("/users/@me", { silent: true });
        readAt = Date.now();
        for (const listener of listeners) listener();
        return;
      } catch {
        if (attempt < RETRIES) await new Promise((resolve) => setTimeout(resolve, RETRY_MS * 2 ** attempt));
      }
    }
  } finally {
    reading = false;
  }
}

const onFocus = () => void read();
const onVisible = () => {
  if (document.visibilityState === "visible") void read();
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener("focus", onFocus);
    document.addEventListener("visibilitychange", onVisible);
  }
  void read();
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener("focus", onFocus);
      document.removeEventListener("visibilitychange", onVisible);
    }
  };
}

/** The signed-in user; undefined until read (and on the server). */
export function useSignedInUser(): UserEntity | undefined {
  return useSyncExternalStore(
    subscribe,
    () => user,
    () => undefined,
  );
}
