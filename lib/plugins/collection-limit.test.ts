import { timers } from "./timers/definition";
import { collectionLimit, limitWithPremium } from "./collection-limit";

// A list's limit follows what the guild's buffs unlock (lib/billing/entitlements.ts), not the buffs' names.

const list = timers.collections.timers; // 2 free, 20 with Premium

describe("collectionLimit", () => {
  it("is the free limit, the premium one with Premium (bought, gifted or the platform's boost)", () => {
    expect(collectionLimit(list, [])).toBe(2);
    for (const buff of ["premium", "premium-gift", "premium-discord"]) expect(collectionLimit(list, [buff])).toBe(20);
  });

  it("is twice the tier's limit with Pro (pro_limits), alone or in the bundle; Web3 and the custom-bot add-on change nothing", () => {
    expect(collectionLimit(list, ["pro"])).toBe(4);
    expect(collectionLimit(list, ["premium", "pro"])).toBe(40);
    expect(collectionLimit(list, ["web3", "custom-bot"])).toBe(2);
  });
});

describe("limitWithPremium", () => {
  it("is what the same guild would hold with Premium: what the notices promise", () => {
    expect(limitWithPremium(list, [])).toBe(20);
    expect(limitWithPremium(list, ["pro"])).toBe(40);
  });
});
