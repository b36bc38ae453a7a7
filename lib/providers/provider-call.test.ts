/** @jest-environment node */
// How long a provider asks us to wait: Retry-After in seconds or as a date, and the reset
// header of its budget, an epoch second (Twitch, X) or seconds from now (Reddit).
import { resetSeconds, retryAfterSeconds, type RateBudget } from "./provider-call";

const now = Date.parse("2026-11-24T12:00:00Z");
const twitch: RateBudget = { remaining: "ratelimit-remaining", reset: "ratelimit-reset", resetIs: "epoch" };
const reddit: RateBudget = { remaining: "x-ratelimit-remaining", reset: "x-ratelimit-reset", resetIs: "delta" };

describe("retryAfterSeconds", () => {
  it("reads Retry-After as seconds or as an HTTP date, and nothing without it", () => {
    expect(retryAfterSeconds(new Headers({ "Retry-After": "17" }), now)).toBe(17);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "Tue, 24 Nov 2026 12:00:30 GMT" }), now)).toBe(30);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "soon" }), now)).toBeUndefined();
    expect(retryAfterSeconds(new Headers(), now)).toBeUndefined();
  });
});

describe("resetSeconds", () => {
  it("reads an epoch reset as the seconds left, at least one", () => {
    expect(resetSeconds(new Headers({ "Ratelimit-Reset": String(now / 1000 + 45) }), twitch, now)).toBe(45);
    expect(resetSeconds(new Headers({ "Ratelimit-Reset": String(now / 1000 - 5) }), twitch, now)).toBe(1);
    expect(resetSeconds(new Headers(), twitch, now)).toBeUndefined();
  });

  it("reads Reddit's reset as seconds from now", () => {
    expect(resetSeconds(new Headers({ "x-ratelimit-reset": "342" }), reddit, now)).toBe(342);
    expect(resetSeconds(new Headers({ "x-ratelimit-reset": "0" }), reddit, now)).toBe(1);
    expect(resetSeconds(new Headers({ "x-ratelimit-reset": "" }), reddit, now)).toBeUndefined();
  });
});
