"use client";

import { createContext, useContext } from "react";

// error.tsx is a client component and cannot load server translations; the
// locale layout hands it the strings through this context.

export type ErrorText = { title: string; description: string; detail: string; button: string };

const ErrorTextContext = createContext<ErrorText>({
  title: "Something went wrong",
  description: "This page could not be displayed.",
  detail: "Error: {message}",
  button: "Try again",
});

export function ErrorTextProvider({ value, children }: { value: ErrorText; children: React.ReactNode }) {
  return <ErrorTextContext.Provider value={value}>{children}</ErrorTextContext.Provider>;
}

export function useErrorText(): ErrorText {
  return useContext(ErrorTextContext);
}
