"use client";

import { Suspense, type ReactNode } from "react";
import { useHydrated } from "@/components/pickers/use-hydrated";

/**
 * For a part whose code loads once the page is interactive (a `lazy` component as `children`):
 * `fallback` is what the server draws and what shows while hydrating and until the code arrives.
 */
export function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
  const hydrated = useHydrated();
  return hydrated ? <Suspense fallback={fallback}>{children}</Suspense> : fallback;
}
