"use client";

import { createContext, useContext } from "react";

// error.tsx and loading.tsx get no params, so they cannot load server translations
// for the right language; the locale layout hands them their strings through this context.

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
