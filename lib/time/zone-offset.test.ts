/** @jest-environment node */
import { formatUtcOffset, zoneOffsetMinutes } from "./zone-offset";

describe("zoneOffsetMinutes", () => {
  it.each([
    ["Europe/Paris", "2026-01-15T12:00:00Z", 60],
    ["Europe/Paris", "2026-07-15T12:00:00Z", 120],
    // The change itself, to the second: 00:59:59 UTC is still winter time, 01:00:00 is summer time.
    ["Europe/Paris", "2026-03-29T00:59:59Z", 60],
    ["Europe/Paris", "2026-03-29T01:00:00Z", 120],
    ["Europe/Paris", "2026-10-25T00:59:59Z", 120],
    ["Europe/Paris", "2026-10-25T01:00:00Z", 60],
    ["America/St_Johns", "2026-01-15T12:00:00Z", -210],
    ["America/St_Johns", "2026-07-15T12:00:00Z", -150],
    ["Asia/Kathmandu", "2026-07-15T12:00:00Z", 345],
    ["Asia/Kolkata", "2026-07-15T12:00:00Z", 330],
    ["Pacific/Chatham", "2026-07-15T12:00:00Z", 765],
    ["UTC", "2026-07-15T12:00:00Z", 0],
  ])("%s at %s is %i minutes", (zone, instant, minutes) => {
    expect(zoneOffsetMinutes(zone, Date.parse(instant))).toBe(minutes);
  });

  it("ignores milliseconds", () => {
    expect(zoneOffsetMinutes("Asia/Kathmandu", Date.parse("2026-07-15T12:00:00.999Z"))).toBe(345);
  });
});

describe("formatUtcOffset", () => {
  it.each([
    [0, "UTC+00:00"],
    [60, "UTC+01:00"],
    [345, "UTC+05:45"],
    [-210, "UTC-03:30"],
    [-600, "UTC-10:00"],
    [840, "UTC+14:00"],
  ])("%i → %s", (minutes, text) => {
    expect(formatUtcOffset(minutes)).toBe(text);
  });
});
