// The level curve owners of this kind of bot know (MEE6's): going from level L to L + 1 takes
// 5·L² + 50·L + 100 XP, so level 1 needs 100 XP, level 2 needs 255 in all, level 10 needs 4,675.
// Pure and client-safe.

export const MAX_LEVEL = 1000;

/** XP needed to go from `level` to the next one. */
export function xpToNext(level: number): number {
  return 5 * level * level + 50 * level + 100;
}

/** Total XP at which `level` is reached (0 for level 0). */
export function totalXpFor(level: number): number {
  // Sum of 5l² + 50l + 100 for l in 0..level-1, in closed form.
  const n = level;
  return (5 * (n - 1) * n * (2 * n - 1)) / 6 + (50 * (n - 1) * n) / 2 + 100 * n;
}

export type LevelProgress = {
  level: number;
  /** XP earned since this level was reached. */
  into: number;
  /** XP this level takes to finish (into ≤ needed). */
  needed: number;
};

/** The level a total of `xp` reaches and how far into the next one it is. */
export function levelOf(xp: number): LevelProgress {
  const total = Math.max(0, Math.floor(xp));
  // The closed form is cubic: start from its estimate and settle on the exact level.
  let level = Math.min(MAX_LEVEL, Math.max(0, Math.floor(Math.cbrt((total * 6) / 10))));
  while (level > 0 && totalXpFor(level) > total) level--;
  while (level < MAX_LEVEL && totalXpFor(level + 1) <= total) level++;
  const into = total - totalXpFor(level);
  const needed = xpToNext(level);
  return { level, into: Math.min(into, needed), needed };
}
