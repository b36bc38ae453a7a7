// How many times a guild's cached pages were expired in this process. The cached overview's
// script nonce is drawn from it (lib/http/csp.ts), so every new render of the page gets a
// nonce nobody has seen. On globalThis: middleware and route handlers are separate bundles
// of one process. Not marked server-only: middleware reads it.

const store = globalThis as typeof globalThis & { __guildhallPageGenerations?: Map<string, number>; __guildhallPageGenerationEverywhere?: number };

function generations(): Map<string, number> {
  store.__guildhallPageGenerations ??= new Map();
  return store.__guildhallPageGenerations;
}

/** The guild's own count plus the moves of every guild at once: both only grow, so a generation never repeats. */
export function pageGeneration(guildId: string): number {
  return (generations().get(guildId) ?? 0) + (store.__guildhallPageGenerationEverywhere ?? 0);
}

export function nextPageGeneration(guildId: string): void {
  const map = generations();
  map.set(guildId, (map.get(guildId) ?? 0) + 1);
}

/** Moves every guild's pages on at once: what they all draw changed (a feature flag, lib/flags/flags.ts). */
export function nextPageGenerationEverywhere(): void {
  store.__guildhallPageGenerationEverywhere = (store.__guildhallPageGenerationEverywhere ?? 0) + 1;
}
