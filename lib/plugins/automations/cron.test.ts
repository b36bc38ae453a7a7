import { cronMatches, isCronLine, scheduleCron } from "./cron";

// Cron lines as the editor checks them and the scheduled runner reads them.

const at = (minute: number, hour: number, day: number, month: number, weekday: number) => ({ minute, hour, day, month, weekday });

it("accepts five fields of numbers, ranges, lists and steps in range, and nothing else", () => {
  for (const line of ["* * * * *", "0 9 * * 1-5", "*/15 8-18 1,15 * 0", "30 9 * 12 7", "5/20 * * * *"]) expect({ line, ok: isCronLine(line) }).toEqual({ line, ok: true });
  for (const line of ["", "* * * *", "61 * * * *", "0 24 * * *", "0 9 0 * *", "0 9 * 13 *", "0 9 * * 8", "0 9 * * MON", "*/0 * * * *", "5-1 * * * *", "0 9 * * * *"]) expect({ line, ok: isCronLine(line) }).toEqual({ line, ok: false });
});

it("runs on the minutes a line names, either day field when both are restricted, Sunday as 0 or 7", () => {
  expect(cronMatches("0 9 * * 1-5", at(0, 9, 30, 11, 1))).toBe(true);
  expect(cronMatches("0 9 * * 1-5", at(0, 9, 29, 11, 0))).toBe(false);
  expect(cronMatches("0 9 * * 1-5", at(1, 9, 30, 11, 1))).toBe(false);
  expect(cronMatches("*/15 * * * *", at(45, 3, 1, 1, 4))).toBe(true);
  expect(cronMatches("5/20 * * * *", at(45, 3, 1, 1, 4))).toBe(true);
  expect(cronMatches("0 0 1 * 1", at(0, 0, 1, 3, 3))).toBe(true);
  expect(cronMatches("0 0 1 * 1", at(0, 0, 2, 3, 1))).toBe(true);
  expect(cronMatches("0 0 1 * 1", at(0, 0, 2, 3, 2))).toBe(false);
  expect(cronMatches("0 12 * * 7", at(0, 12, 29, 11, 0))).toBe(true);
});

it("writes daily and weekly schedules as cron lines", () => {
  expect(scheduleCron({ schedule: "daily", time: "09:05", weekday: 3, cron: "" })).toBe("5 9 * * *");
  expect(scheduleCron({ schedule: "weekly", time: "18:30", weekday: 0, cron: "" })).toBe("30 18 * * 0");
  expect(scheduleCron({ schedule: "cron", time: "09:00", weekday: 1, cron: " 0 7 * * 6 " })).toBe("0 7 * * 6");
});
