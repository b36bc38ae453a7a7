import { USER_IDS } from "@/emulators/platform/data/ids";
import { auditLogQuery, dayRange, readAuditLogQuery } from "./filters";

// The page's reading of its address: what it keeps, and where it sends a browser whose address holds more.

describe("the audit log page's address", () => {
  it("keeps valid filters and the page, and needs no cleaning when that is all it holds", () => {
    const query = { plugin: "welcome", user: USER_IDS.ada, from: "2024-01-10", to: "2024-01-12", before: "42" };
    expect(readAuditLogQuery(query)).toEqual({ filters: { plugin: "welcome", user: USER_IDS.ada, from: "2024-01-10", to: "2024-01-12" }, before: "42", cleaned: null });
    expect(readAuditLogQuery({})).toEqual({ filters: {}, cleaned: null });
  });

  it("drops each bad value alone and says the address to go to", () => {
    expect(readAuditLogQuery({ plugin: "nope", user: USER_IDS.ada })).toEqual({ filters: { user: USER_IDS.ada }, cleaned: `?user=${USER_IDS.ada}` });
    expect(readAuditLogQuery({ from: "2024-02-30", before: "x" })).toEqual({ filters: {}, cleaned: "" });
    // A range that ends before it starts says nothing: both ends go.
    expect(readAuditLogQuery({ plugin: "levels", from: "2024-02-02", to: "2024-02-01" }).cleaned).toBe("?plugin=levels");
    // A key given twice is not one value.
    expect(readAuditLogQuery({ plugin: ["welcome", "levels"] }).cleaned).toBe("");
  });

  it("removes the empty fields a form submitted without JavaScript sends", () => {
    expect(readAuditLogQuery({ plugin: "welcome", user: "", from: "", to: "" }).cleaned).toBe("?plugin=welcome");
  });

  it("leaves keys it does not know alone", () => {
    expect(readAuditLogQuery({ plugin: "welcome", utm_source: "mail" }).cleaned).toBeNull();
  });

  it("writes every link in one order, with the page last", () => {
    expect(auditLogQuery({ to: "2024-01-02", plugin: "welcome" }, "7")).toBe("?plugin=welcome&to=2024-01-02&before=7");
    expect(auditLogQuery({})).toBe("");
  });
});

describe("the days of a range", () => {
  it("run from midnight to midnight in the zone, the last day included", () => {
    expect(dayRange({ from: "2024-01-10", to: "2024-01-10" }, "America/New_York")).toEqual({ start: new Date("2024-01-10T05:00:00Z"), end: new Date("2024-01-11T05:00:00Z") });
    expect(dayRange({ to: "2024-12-31" }, "UTC")).toEqual({ end: new Date("2025-01-01T00:00:00Z") });
  });

  it("follow a change of the clocks inside the range", () => {
    // Paris moves to summer time on 31 March 2024: that day has 23 hours.
    const { start, end } = dayRange({ from: "2024-03-31", to: "2024-03-31" }, "Europe/Paris");
    expect(end!.getTime() - start!.getTime()).toBe(23 * 3_600_000);
  });
});
