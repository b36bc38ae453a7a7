import { randomInt } from "node:crypto";

// The giveaway draw: winners picked by the server with the platform's cryptographic random
// source, each entry a ticket. Entries are counted when a member enters (1, plus the bonus of
// every bonus role they hold then), so a draw never has to ask the platform for every
// entrant's roles; only the members drawn are checked against the required roles, when drawn.

export type Entrant = { userId: string; entries: number };
export type BonusEntry = { role_id: string; entries: number };

/** A random whole number in [0, max); crypto's randomInt unless a test brings its own. */
export type RandomInt = (max: number) => number;
const cryptoInt: RandomInt = (max) => randomInt(max);

/** Whether a member with these roles may enter: any one of the required roles, or none required. */
export function qualifies(memberRoleIds: readonly string[], requiredRoleIds: readonly string[]): boolean {
  return requiredRoleIds.length === 0 || requiredRoleIds.some((role) => memberRoleIds.includes(role));
}

/** A member's entries when entering: 1, plus the bonus of each bonus role they hold. */
export function entriesFor(memberRoleIds: readonly string[], bonus: readonly BonusEntry[]): number {
  return bonus.reduce((total, entry) => total + (memberRoleIds.includes(entry.role_id) ? entry.entries : 0), 1);
}

/** One entrant of `pool`, with a chance proportional to its entries; its index. */
function pickIndex(pool: readonly Entrant[], random: RandomInt): number {
  const total = pool.reduce((sum, entrant) => sum + entrant.entries, 0);
  let ticket = random(total);
  for (const [index, entrant] of pool.entries()) {
    if (ticket < entrant.entries) return index;
    ticket -= entrant.entries;
  }
  throw new Error("draw: ticket out of range");
}

/**
 * Up to `count` distinct winners: each pick weighted by entries among the entrants not picked
 * yet and not in `exclude` (earlier winners, on a reroll). Drawn members `isEligible` refuses
 * (left the server, lost the required role) are set aside and another is drawn in their place,
 * which is the same as drawing among the eligible ones only. Fewer entrants than `count`: all win.
 */
export async function drawWinners(
  entrants: readonly Entrant[],
  count: number,
  options: { exclude?: ReadonlySet<string>; isEligible?: (userId: string) => Promise<boolean>; random?: RandomInt } = {},
): Promise<string[]> {
  const random = options.random ?? cryptoInt;
  const pool = entrants.filter((entrant) => entrant.entries > 0 && !options.exclude?.has(entrant.userId));
  const winners: string[] = [];
  while (winners.length < count && pool.length > 0) {
    const [drawn] = pool.splice(pickIndex(pool, random), 1);
    if (!options.isEligible || (await options.isEligible(drawn!.userId))) winners.push(drawn!.userId);
  }
  return winners;
}
