/** @jest-environment node */
import { canonicalTimeZone, isKnownTimeZone } from "./known-zone";
import { timeZoneName, UNKNOWN_ZONE_MESSAGE } from "./zone-name";

describe("isKnownTimeZone", () => {
  it.each(["UTC", "Europe/Paris", "America/St_Johns", "Asia/Kathmandu", "Asia/Kolkata", "Asia/Calcutta", "America/Argentina/Buenos_Aires", "Etc/GMT+5"])("knows %s", (zone) => {
    expect(isKnownTimeZone(zone)).toBe(true);
  });

  it.each(["", "Mars/Olympus_Mons", "Europe/Atlantis", "+01:00", "-0300", "Europe/Paris ", " UTC", "Europe//Paris", "../../etc/passwd", "a".repeat(65)])("refuses %j", (zone) => {
    expect(isKnownTimeZone(zone)).toBe(false);
  });

  it("ignores ASCII case only, also once a name is remembered", () => {
    expect(isKnownTimeZone("Asia/Kolkata")).toBe(true);
    expect(isKnownTimeZone("ASIA/KOLKATA")).toBe(true);
    // U+212A KELVIN SIGN lower-cases to "k" in Unicode, but is no zone name.
    expect(isKnownTimeZone("Asia/\u212Aolkata")).toBe(false);
  });
});

describe("canonicalTimeZone", () => {
  it("spells a zone the runtime's way, and answers null for unknown ones", () => {
    expect(canonicalTimeZone("europe/paris")).toBe("Europe/Paris");
    expect(canonicalTimeZone("Asia/Kolkata")).toBe(canonicalTimeZone("Asia/Calcutta"));
    expect(canonicalTimeZone("Nowhere/Else")).toBeNull();
  });
});

describe("timeZoneName", () => {
  it("accepts zones the runtime knows and refuses the rest with one message", () => {
    expect(timeZoneName().safeParse("Europe/Paris").success).toBe(true);
    expect(timeZoneName().safeParse("UTC").success).toBe(true);
    const refused = timeZoneName().safeParse("Mars/Olympus_Mons");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => issue.message)).toEqual([UNKNOWN_ZONE_MESSAGE]);
    expect(timeZoneName().safeParse("Europe/Paris\u0000").success).toBe(false);
    expect(timeZoneName().safeParse(42).success).toBe(false);
  });
});
