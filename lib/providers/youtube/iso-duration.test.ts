import { isoDurationSeconds } from "./iso-duration";

describe("isoDurationSeconds", () => {
  it("reads the durations YouTube sends", () => {
    expect(isoDurationSeconds("PT3M5S")).toBe(185);
    expect(isoDurationSeconds("PT45S")).toBe(45);
    expect(isoDurationSeconds("PT1H")).toBe(3600);
    expect(isoDurationSeconds("PT1H2M7S")).toBe(3727);
    expect(isoDurationSeconds("P1DT2H")).toBe(93_600);
    expect(isoDurationSeconds("P1W")).toBe(604_800);
    expect(isoDurationSeconds("P0D")).toBe(0);
  });

  it("refuses what is not a duration", () => {
    for (const text of ["", "P", "PT", "3M5S", "PT3.5S", "PT-1S", "pt3m", "PT3M5S ", "P1Y"]) expect(isoDurationSeconds(text)).toBeNull();
  });
});
