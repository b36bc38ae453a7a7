"use client";

import { useEffect, useState } from "react";

const PREVIEW_DELAY_MS = 400;

function useDebounced<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delay);
    return () => window.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}

export type CardPreviewState = "ready" | "loading" | "failed";

/**
 * A card drawn by our API as its settings change: the newest URL once changes pause, shown
 * once it has loaded, so the old picture stays (marked loading) until the new one is there.
 */
export function useCardPreview(url: string): { shown: string; state: CardPreviewState } {
  const wanted = useDebounced(url, PREVIEW_DELAY_MS);
  const [shown, setShown] = useState(wanted);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    if (wanted === shown) return;
    const image = new Image();
    image.onload = () => setShown(wanted);
    image.onerror = () => setFailed(wanted);
    image.src = wanted;
    return () => {
      image.onload = null;
      image.onerror = null;
    };
  }, [wanted, shown]);
  return { shown, state: wanted === shown ? "ready" : wanted === failed ? "failed" : "loading" };
}
