"use client";

import { useState } from "react";

// Stable React keys for a reorderable list of plain values (embeds, fields), so moving an
// item moves its inputs (and their focus and text selection) with it.

let nextKey = 0;
const makeKey = () => `k${nextKey++}`;

export type ListKeys = {
  keys: readonly string[];
  add: () => void;
  remove: (index: number) => void;
  move: (from: number, to: number) => void;
};

export function useListKeys(length: number): ListKeys {
  const [keys, setKeys] = useState<string[]>(() => Array.from({ length }, makeKey));
  let current = keys;
  // The list changed from outside (a reset, another item opened): keep what still fits.
  if (keys.length !== length) {
    current = keys.length > length ? keys.slice(0, length) : [...keys, ...Array.from({ length: length - keys.length }, makeKey)];
    setKeys(current);
  }
  return {
    keys: current,
    add: () => setKeys((list) => [...list, makeKey()]),
    remove: (index) => setKeys((list) => list.filter((_, at) => at !== index)),
    move: (from, to) =>
      setKeys((list) => {
        const next = [...list];
        const [key] = next.splice(from, 1);
        next.splice(to, 0, key!);
        return next;
      }),
  };
}
