import { calendarWindow, celebratedDay, nextBirthday } from "./next-birthday";

const at = (iso: string) => Date.parse(iso);

describe("nextBirthday", () => {
  it("is today at the member's own midnight, and next year once the day has passed", () => {
    const now = at("2026-06-15T12:00:00Z");
    expect(nextBirthday({ month: 6, day: 15, year: 2000 }, "UTC", now)).toEqual({ date: "2026-06-15", startsAt: at("2026-06-15T00:00:00Z"), daysUntil: 0, age: 26 });
    expect(nextBirthday({ month: 6, day: 14, year: null }, "UTC", now)).toMatchObject({ date: "2027-06-14", daysUntil: 364, age: null });
  });

  it("reads today in the member's zone: Tokyo is already on the 1st of January when UTC is still in December", () => {
    const now = at("2026-12-31T20:00:00Z"); // 05:00 on 1 January 2027 in Tokyo, 15:00 on 31 December in New York
    expect(nextBirthday({ month: 1, day: 1, year: null }, "Asia/Tokyo", now)).toEqual({ date: "2027-01-01", startsAt: at("2026-12-31T15:00:00Z"), daysUntil: 0, age: null });
    expect(nextBirthday({ month: 1, day: 1, year: null }, "America/New_York", now)).toEqual({ date: "2027-01-01", startsAt: at("2027-01-01T05:00:00Z"), daysUntil: 1, age: null });
    // 31 December has passed in Tokyo (next one a year away) but is today in New York.
    expect(nextBirthday({ month: 12, day: 31, year: null }, "Asia/Tokyo", now).date).toBe("2027-12-31");
    expect(nextBirthday({ month: 12, day: 31, year: null }, "America/New_York", now)).toMatchObject({ date: "2026-12-31", daysUntil: 0 });
  });

  it("celebrates 29 February on the 28th in years without one, and on the 29th in leap years", () => {
    expect(celebratedDay(2027, 2, 29)).toBe(28);
    expect(celebratedDay(2028, 2, 29)).toBe(29);
    expect(celebratedDay(2100, 2, 29)).toBe(28);
    expect(nextBirthday({ month: 2, day: 29, year: 2000 }, "UTC", at("2027-02-01T00:00:00Z"))).toMatchObject({ date: "2027-02-28", daysUntil: 27, age: 27 });
    expect(nextBirthday({ month: 2, day: 29, year: 2000 }, "UTC", at("2027-02-28T23:00:00Z"))).toMatchObject({ date: "2027-02-28", daysUntil: 0 });
    // Once 28 February 2027 is over, the next is the real 29th in 2028.
    expect(nextBirthday({ month: 2, day: 29, year: 2000 }, "UTC", at("2027-03-01T00:00:00Z"))).toMatchObject({ date: "2028-02-29", daysUntil: 365 });
  });
});

describe("calendarWindow", () => {
  it("widens UTC's dates by a day each side and splits at the new year", () => {
    expect(calendarWindow(at("2026-12-20T10:00:00Z"), 30)).toEqual({ ranges: [[[12, 19], [12, 31]], [[1, 1], [1, 20]]], leapDay: false });
    expect(calendarWindow(at("2026-03-10T10:00:00Z"), 7)).toEqual({ ranges: [[[3, 9], [3, 18]]], leapDay: false });
  });

  it("takes in 29 February whenever the 28th is in range, and the whole year for a year-long window", () => {
    expect(calendarWindow(at("2027-02-20T00:00:00Z"), 7)).toMatchObject({ leapDay: true });
    expect(calendarWindow(at("2026-11-01T00:00:00Z"), 366)).toBeNull();
  });
});
