"use client";

import { useEffect, useEffectEvent } from "react";

/**
 * Calls `read` (once a frame at most) after typing and after clicks anywhere on the page, so a
 * card's preview follows the settings form above it (its rows carry data-field): clicks too,
 * since swatches, presets and the form's Reset change values without an input event.
 */
export function useFormFollower(read: () => void) {
  const onChange = useEffectEvent(read);
  useEffect(() => {
    let frame = 0;
    function schedule() {
      window.cancelAnimationFrame(frame);
      frame = window.requestAnimationFrame(() => onChange());
    }
    document.addEventListener("input", schedule);
    document.addEventListener("click", schedule);
    return () => {
      window.cancelAnimationFrame(frame);
      document.removeEventListener("input", schedule);
      document.removeEventListener("click", schedule);
    };
  }, []);
}
