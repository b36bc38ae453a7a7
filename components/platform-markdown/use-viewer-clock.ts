"use client";

import { useSyncExternalStore } from "react";

export type ViewerClock = { timeZone: string; now?: number };

// The server and the browser's hydration draw timestamps in UTC with no "now" (so both write
// the same text); right after, the browser draws them again in its own zone, relative ones
// counting from when the page loaded.
const SERVER: ViewerClock = { timeZone: "UTC" };
let browser: ViewerClock | undefined;

function browserClock(): ViewerClock {
  browser ??= { timeZone: new Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC", now: Date.now() };
  return browser;
}

const subscribe = () => () => {};

/** The viewer's time zone and a steady "now" for previews; UTC and no "now" while hydrating. */
export function useViewerClock(): ViewerClock {
  return useSyncExternalStore(subscribe, browserClock, () => SERVER);
}
