"use client";

import { useBoundaryText } from "./boundary-text";

/** "Loading…" in the page's language, announced: where a part's code is still on its way. */
export function LoadingStatus({ className }: { className?: string }) {
  const { loading } = useBoundaryText();
  return (
    <p className={className} role="status">
      {loading}
    </p>
  );
}
