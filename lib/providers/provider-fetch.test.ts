/** @jest-environment node */
// How long a provider asks us to wait: Retry-After in seconds or as a date, else the epoch
// second of a reset header (Twitch's Ratelimit-Reset).
import { retryAfterSeconds } from "./provider-fetch";

const now = Date.parse("2026-11-24T12:00:00Z");

describe("retryAfterSeconds", () => {
  it("reads Retry-After as seconds or as an HTTP date", () => {
    expect(retryAfterSeconds(new Headers({ "Retry-After": "17" }), undefined, now)).toBe(17);
    expect(retryAfterSeconds(new Headers({ "Retry-After": "Tue, 24 Nov 2026 12:00:30 GMT" }), undefined, now)).toBe(30);
  });

  it("falls back to the reset header's epoch second, and to nothing", () => {
    expect(retryAfterSeconds(new Headers({ "Ratelimit-Reset": String(now / 1000 + 45) }), "ratelimit-reset", now)).toBe(45);
    expect(retryAfterSeconds(new Headers({ "Ratelimit-Reset": String(now / 1000 - 5) }), "ratelimit-reset", now)).toBe(1);
    expect(retryAfterSeconds(new Headers(), "ratelimit-reset", now)).toBeUndefined();
  });
});
