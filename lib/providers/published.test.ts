import { publishedValue } from "./published";

it("writes a date as the platform's timestamp, and nothing when there is no date", () => {
  expect(publishedValue("2026-11-24T17:00:00Z")).toBe("<t:1795539600:f>");
  expect(publishedValue("2026-11-24T18:00:00+01:00")).toBe("<t:1795539600:f>");
  expect(publishedValue(null)).toBe("");
  expect(publishedValue("not a date")).toBe("");
});
