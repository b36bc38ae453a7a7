"use client";

import { createContext, useContext } from "react";

// error.tsx gets no params, so it cannot load server translations for the right language;
// the locale layout hands it (and the pending-link spinner) their strings through this context.
// There is no loading.tsx on purpose: its Suspense boundary put every dashboard page behind a
// spinner in the HTML, shown until a script revealed the content (Lighthouse: LCP 3 s, 85 %
// of it render delay). Links answer a click with <LinkPending/> instead.

export type ErrorText = { title: string; description: string; detail: string; button: string };
export type BoundaryText = { error: ErrorText; loading: string };

const BoundaryTextContext = createContext<BoundaryText>({
  error: { title: "Something went wrong", description: "This page could not be displayed.", detail: "Error: {message}", button: "Try again" },
  loading: "Loading…",
});

export function BoundaryTextProvider({ value, children }: { value: BoundaryText; children: React.ReactNode }) {
  return <BoundaryTextContext.Provider value={value}>{children}</BoundaryTextContext.Provider>;
}

export function useBoundaryText(): BoundaryText {
  return useContext(BoundaryTextContext);
}
