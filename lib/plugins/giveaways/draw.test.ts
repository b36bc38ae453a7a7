/** @jest-environment node */
// The giveaway draw with the real cryptographic source: over many draws each entrant wins as
// often as its share of the entries says (members that may not win set aside), winners are
// distinct, a reroll never draws an earlier winner, required roles hold, and the entries a
// member gets are 1 plus the bonus of the roles they hold.
import fc from "fast-check";
import { drawWinners, entriesFor, qualifies, type Entrant } from "./draw";

const ROLES = ["r1", "r2", "r3", "r4"];
/** Entrants with distinct ids, 1 to 20 entries each. */
const entrantsArb = (min: number, max: number) =>
  fc.array(fc.integer({ min: 1, max: 20 }), { minLength: min, maxLength: max }).map((counts) => counts.map((entries, index): Entrant => ({ userId: `u${index}`, entries })));

describe("giveaway draw", () => {
  it("gives each eligible entrant a chance proportional to its entries, and none to the others", async () => {
    const DRAWS = 12_000;
    await fc.assert(
      fc.asyncProperty(
        entrantsArb(2, 6).chain((entrants) => fc.tuple(fc.constant(entrants), fc.array(fc.boolean(), { minLength: entrants.length, maxLength: entrants.length }))),
        async ([entrants, blocked]) => {
          // At least one entrant may win.
          const barred = new Set(entrants.filter((_, index) => blocked[index] && index > 0).map((entrant) => entrant.userId));
          const wins = new Map<string, number>();
          for (let draw = 0; draw < DRAWS; draw++) {
            const [winner] = await drawWinners(entrants, 1, { isEligible: async (id) => !barred.has(id) });
            wins.set(winner!, (wins.get(winner!) ?? 0) + 1);
          }
          const eligible = entrants.filter((entrant) => !barred.has(entrant.userId));
          const total = eligible.reduce((sum, entrant) => sum + entrant.entries, 0);
          for (const entrant of entrants) {
            const observed = (wins.get(entrant.userId) ?? 0) / DRAWS;
            if (barred.has(entrant.userId)) {
              expect(observed).toBe(0);
              continue;
            }
            const expected = entrant.entries / total;
            // Five standard deviations of a binomial share: a fair draw fails this about once in two million checks.
            const tolerance = 5 * Math.sqrt((expected * (1 - expected)) / DRAWS) + 1e-9;
            expect(Math.abs(observed - expected)).toBeLessThanOrEqual(tolerance);
          }
        },
      ),
      { numRuns: 15 },
    );
  });

  it("picks distinct winners, all entrants when there are fewer than places", async () => {
    await fc.assert(
      fc.asyncProperty(entrantsArb(0, 30), fc.integer({ min: 1, max: 50 }), async (entrants, count) => {
        const winners = await drawWinners(entrants, count);
        expect(new Set(winners).size).toBe(winners.length);
        expect(winners.length).toBe(Math.min(count, entrants.length));
        for (const winner of winners) expect(entrants.some((entrant) => entrant.userId === winner)).toBe(true);
      }),
    );
  });

  it("never draws an earlier winner on a reroll", async () => {
    await fc.assert(
      fc.asyncProperty(entrantsArb(1, 30), fc.integer({ min: 1, max: 10 }), fc.integer({ min: 1, max: 10 }), async (entrants, first, again) => {
        const earlier = await drawWinners(entrants, first);
        const rerolled = await drawWinners(entrants, again, { exclude: new Set(earlier) });
        expect(rerolled.filter((winner) => earlier.includes(winner))).toEqual([]);
        expect(rerolled.length).toBe(Math.min(again, entrants.length - earlier.length));
      }),
    );
  });

  it("only draws members holding one of the required roles", async () => {
    await fc.assert(
      fc.asyncProperty(
        entrantsArb(1, 25).chain((entrants) => fc.tuple(fc.constant(entrants), fc.array(fc.subarray(ROLES), { minLength: entrants.length, maxLength: entrants.length }))),
        fc.subarray(ROLES),
        fc.integer({ min: 1, max: 30 }),
        async ([entrants, roles], required, count) => {
          const rolesOf = new Map(entrants.map((entrant, index) => [entrant.userId, roles[index]!]));
          const winners = await drawWinners(entrants, count, { isEligible: async (id) => qualifies(rolesOf.get(id)!, required) });
          for (const winner of winners) expect(required.length === 0 || required.some((role) => rolesOf.get(winner)!.includes(role))).toBe(true);
          const qualified = entrants.filter((entrant) => qualifies(rolesOf.get(entrant.userId)!, required)).length;
          expect(winners.length).toBe(Math.min(count, qualified));
        },
      ),
    );
  });

  it("counts 1 entry plus the bonus of every bonus role the member holds", () => {
    fc.assert(
      fc.property(fc.subarray(ROLES), fc.array(fc.record({ role_id: fc.constantFrom(...ROLES), entries: fc.integer({ min: 1, max: 100 }) }), { maxLength: 10 }), (held, bonus) => {
        const expected = 1 + bonus.filter((entry) => held.includes(entry.role_id)).reduce((sum, entry) => sum + entry.entries, 0);
        expect(entriesFor(held, bonus)).toBe(expected);
        expect(entriesFor([], bonus)).toBe(1);
      }),
    );
  });
});
