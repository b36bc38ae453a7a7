"use client";

import { useSyncExternalStore } from "react";
import { localTimeZone } from "@/lib/time/known-zone";

// What only the browser knows (its zone, the current time) must not reach the server's HTML,
// or hydration would find different text. These read as null on the server and while hydrating.

const never = () => () => {};

/** True once the component runs in a hydrated browser render. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** The browser's time zone; null on the server and during hydration. */
export function useBrowserZone(): string | null {
  return useSyncExternalStore(never, localTimeZone, () => null);
}

// One clock for every picker on the page, read the same way by all of them until it ticks.
const TICK = 30_000;
let now = 0;
let timer: ReturnType<typeof setInterval> | undefined;
const listeners = new Set<() => void>();

function subscribeClock(listener: () => void) {
  listeners.add(listener);
  timer ??= setInterval(() => {
    now = Date.now();
    for (const notify of listeners) notify();
  }, TICK);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0 && timer !== undefined) {
      clearInterval(timer);
      timer = undefined;
      // Read afresh when something subscribes again.
      now = 0;
    }
  };
}

function readClock(): number {
  if (now === 0) now = Date.now();
  return now;
}

/** The current time, refreshed every 30 seconds; null on the server and during hydration. */
export function useNow(): number | null {
  return useSyncExternalStore(subscribeClock, readClock, () => null);
}
