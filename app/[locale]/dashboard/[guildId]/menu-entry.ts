// What the server hands the guild menu island (guild-menu.tsx). Apart from it: a server component
// importing values from a "use client" module gets references to them, not the values.

/**
 * One link of the menu: `slug` below the guild's base path ("" for the overview), `icon` a
 * symbol of the sprite, `flags` PREMIUM (the menu adds ENABLED in the browser). A row, not an object: ~40 of them travel
 * in every guild page's payload, and the keys were a third of it.
 */
export type MenuEntry = readonly [slug: string, label: string, icon: string, flags?: number];
export const PREMIUM = 1;
export const ENABLED = 2;
