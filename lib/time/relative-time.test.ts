/** @jest-environment node */
import { relativeParts } from "./relative-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("relativeParts", () => {
  it.each([
    [0, 0, "minute"],
    [-20_000, 0, "minute"],
    [5 * MINUTE, 5, "minute"],
    [-59 * MINUTE, -59, "minute"],
    [59.6 * MINUTE, 1, "hour"],
    [3 * HOUR, 3, "hour"],
    [-23 * HOUR, -23, "hour"],
    [29 * DAY, 29, "day"],
    [44 * DAY, 44, "day"],
    [90 * DAY, 3, "month"],
    [-400 * DAY, -13, "month"],
    [3 * 365 * DAY, 3, "year"],
  ])("%i ms → %i %s", (difference, value, unit) => {
    expect(relativeParts(difference)).toEqual({ value, unit });
  });
});
