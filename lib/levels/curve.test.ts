import fc from "fast-check";
import { MAX_LEVEL, levelOf, totalXpFor, xpToNext } from "./curve";

describe("the level curve", () => {
  it("takes 5·L² + 50·L + 100 XP per level, from 100 for the first", () => {
    expect([0, 1, 2, 9].map(xpToNext)).toEqual([100, 155, 220, 955]);
    expect([0, 1, 2, 10].map(totalXpFor)).toEqual([0, 100, 255, 4675]);
  });

  it("adds up the steps: the total for L + 1 is the total for L and its step", () => {
    for (let level = 0; level < MAX_LEVEL; level++) expect(totalXpFor(level + 1)).toBe(totalXpFor(level) + xpToNext(level));
  });

  it("places XP at the level it reaches, with the progress into the next", () => {
    expect(levelOf(0)).toEqual({ level: 0, into: 0, needed: 100 });
    expect(levelOf(99)).toEqual({ level: 0, into: 99, needed: 100 });
    expect(levelOf(100)).toEqual({ level: 1, into: 0, needed: 155 });
    expect(levelOf(4700)).toEqual({ level: 10, into: 25, needed: 1100 });
    expect(levelOf(-5)).toEqual({ level: 0, into: 0, needed: 100 });
  });

  it("is the inverse of the totals for any XP", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: totalXpFor(MAX_LEVEL) - 1 }), (xp) => {
        const { level, into } = levelOf(xp);
        expect(totalXpFor(level) + into).toBe(xp);
        expect(totalXpFor(level) <= xp && xp < totalXpFor(level + 1)).toBe(true);
      }),
    );
  });
});
