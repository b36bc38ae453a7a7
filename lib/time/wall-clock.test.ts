/** @jest-environment node */
import { parseWallClock, utcToWallClock, wallClockToUtc } from "./wall-clock";

const iso = (wall: { date: string; time: string }, zone: string) => {
  const at = wallClockToUtc(wall, zone);
  return at === null ? null : new Date(at).toISOString();
};

describe("wallClockToUtc", () => {
  it.each([
    // Europe/Paris springs forward on 2026-03-29 at 01:00 UTC (02:00 → 03:00 local).
    ["Europe/Paris", "2026-03-29", "01:30", "2026-03-29T00:30:00.000Z"],
    ["Europe/Paris", "2026-03-29", "03:30", "2026-03-29T01:30:00.000Z"],
    ["Europe/Paris", "2026-03-29", "12:00", "2026-03-29T10:00:00.000Z"],
    // ... and falls back on 2026-10-25 at 01:00 UTC (03:00 → 02:00 local).
    ["Europe/Paris", "2026-10-25", "01:30", "2026-10-24T23:30:00.000Z"],
    ["Europe/Paris", "2026-10-25", "03:30", "2026-10-25T02:30:00.000Z"],
    ["Europe/Paris", "2026-12-24", "19:00", "2026-12-24T18:00:00.000Z"],
    ["Europe/Paris", "2026-07-14", "00:00", "2026-07-13T22:00:00.000Z"],
    // Half-hour offsets: -03:30 in winter, -02:30 in summer (DST from 2026-03-08 02:00 local).
    ["America/St_Johns", "2026-12-24", "18:00", "2026-12-24T21:30:00.000Z"],
    ["America/St_Johns", "2026-07-01", "18:00", "2026-07-01T20:30:00.000Z"],
    ["America/St_Johns", "2026-03-08", "01:59", "2026-03-08T05:29:00.000Z"],
    ["America/St_Johns", "2026-03-08", "03:00", "2026-03-08T05:30:00.000Z"],
    ["Asia/Kathmandu", "2026-12-24", "18:00", "2026-12-24T12:15:00.000Z"],
    ["Asia/Kathmandu", "2026-01-01", "00:00", "2025-12-31T18:15:00.000Z"],
    ["UTC", "2026-12-24", "18:00", "2026-12-24T18:00:00.000Z"],
    ["UTC", "2028-02-29", "23:59", "2028-02-29T23:59:00.000Z"],
    // Southern hemisphere: Sydney is on summer time (+11) at Christmas.
    ["Australia/Sydney", "2026-12-24", "18:00", "2026-12-24T07:00:00.000Z"],
    ["America/New_York", "2026-11-01", "12:00", "2026-11-01T17:00:00.000Z"],
  ])("%s %s %s is %s", (zone, date, time, expected) => {
    expect(iso({ date, time }, zone)).toBe(expected);
  });

  it("moves a time the clocks skip forward by the jump", () => {
    // 02:30 does not exist in Paris on 2026-03-29: it reads 03:30 summer time.
    expect(iso({ date: "2026-03-29", time: "02:30" }, "Europe/Paris")).toBe("2026-03-29T01:30:00.000Z");
    expect(utcToWallClock(Date.parse("2026-03-29T01:30:00Z"), "Europe/Paris")).toEqual({ date: "2026-03-29", time: "03:30" });
    // St John's skips 02:00-03:00 on 2026-03-08.
    expect(iso({ date: "2026-03-08", time: "02:15" }, "America/St_Johns")).toBe("2026-03-08T05:45:00.000Z");
  });

  it("takes the first of two moments when the clocks repeat an hour", () => {
    // 02:30 happens twice in Paris on 2026-10-25: first at +02:00 (00:30 UTC), then at +01:00.
    expect(iso({ date: "2026-10-25", time: "02:30" }, "Europe/Paris")).toBe("2026-10-25T00:30:00.000Z");
    expect(utcToWallClock(Date.parse("2026-10-25T01:30:00Z"), "Europe/Paris")).toEqual({ date: "2026-10-25", time: "02:30" });
  });

  it("answers null for incomplete or impossible input", () => {
    for (const wall of [
      { date: "", time: "18:00" },
      { date: "2026-12-24", time: "" },
      { date: "2026-02-30", time: "10:00" },
      { date: "2026-13-01", time: "10:00" },
      { date: "2026-12-24", time: "24:00" },
      { date: "2026-12-24", time: "7pm" },
      { date: "24/12/2026", time: "18:00" },
    ]) {
      expect(wallClockToUtc(wall, "Europe/Paris")).toBeNull();
    }
  });

  it("keeps years below 100 as written", () => {
    expect(parseWallClock({ date: "0050-06-01", time: "00:00" })).toMatchObject({ year: 50 });
    expect(new Date(wallClockToUtc({ date: "0050-06-01", time: "12:00" }, "UTC")!).getUTCFullYear()).toBe(50);
  });
});

describe("utcToWallClock", () => {
  it.each([
    ["2026-12-24T18:00:00.000Z", "Europe/Paris", "2026-12-24", "19:00"],
    ["2026-07-13T22:00:00.000Z", "Europe/Paris", "2026-07-14", "00:00"],
    ["2026-12-24T21:30:00.000Z", "America/St_Johns", "2026-12-24", "18:00"],
    ["2026-12-24T12:15:00.000Z", "Asia/Kathmandu", "2026-12-24", "18:00"],
    ["2026-12-24T18:00:59.999Z", "UTC", "2026-12-24", "18:00"],
  ])("%s in %s is %s %s", (instant, zone, date, time) => {
    expect(utcToWallClock(Date.parse(instant), zone)).toEqual({ date, time });
  });

  it("round-trips every quarter hour of the Paris DST days, except the skipped hour", () => {
    for (const date of ["2026-03-29", "2026-10-25"]) {
      for (let minutes = 0; minutes < 24 * 60; minutes += 15) {
        const time = `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
        const at = wallClockToUtc({ date, time }, "Europe/Paris")!;
        const skipped = date === "2026-03-29" && time.startsWith("02:");
        if (!skipped) expect(utcToWallClock(at, "Europe/Paris")).toEqual({ date, time });
      }
    }
  });
});
