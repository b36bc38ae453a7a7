/** @jest-environment node */
// The server side of the date-time and time-zone pickers: what plugin schemas accept.
import { z } from "zod";
import { birthdays } from "@/lib/plugins/birthdays/definition";
import { DATE_TIME_MESSAGE, dateTimeField, isPastIssue, PAST_MESSAGE, requiredDateTimeField, timezoneField } from "@/lib/plugins/fields";
import { configFormSpec, itemFormSpec } from "@/lib/plugins/form-spec";
import { giveaways } from "@/lib/plugins/giveaways/definition";
import { UNKNOWN_ZONE_MESSAGE } from "@/lib/time/zone-name";

const giveaway = giveaways.collections.giveaways.itemSchema;
const valid = { prize: "Nitro", winners: 1, ends_at: "2030-01-01T12:00:00.000Z", channel_id: "584327784348909870", required_role_ids: [] };
const messagesAt = (result: z.ZodSafeParseResult<unknown>, path: string) => result.error?.issues.filter((issue) => issue.path.join(".") === path).map((issue) => issue.message) ?? [];

describe("timezoneField", () => {
  it.each(["UTC", "Europe/Paris", "America/St_Johns", "Asia/Kathmandu", "Asia/Kolkata"])("accepts %s", (zone) => {
    expect(birthdays.configSchema.safeParse({ timezone: zone }).success).toBe(true);
  });

  it.each(["Mars/Olympus_Mons", "Europe/Atlantis", "+01:00", "", "Europe/Paris\u0000"])("refuses %j", (zone) => {
    const result = birthdays.configSchema.safeParse({ timezone: zone });
    expect(result.success).toBe(false);
    expect(messagesAt(result, "timezone")).toHaveLength(1);
  });

  it("names the problem", () => {
    expect(messagesAt(timezoneField().safeParse("Nowhere/Else") as z.ZodSafeParseResult<unknown>, "")).toEqual([UNKNOWN_ZONE_MESSAGE]);
  });

  it("keeps its ui in the form spec", () => {
    expect(configFormSpec(birthdays).fields.find((field) => field.name === "timezone")).toMatchObject({ type: "string", ui: "timezone", default: "UTC" });
  });
});

describe("giveaway ends_at", () => {
  it("accepts a future moment with any offset", () => {
    for (const ends_at of ["2030-01-01T12:00:00.000Z", "2030-01-01T12:00:00Z", "2030-01-01T13:00:00+01:00", "2030-01-01T06:45:00-05:15"]) {
      expect(giveaway.safeParse({ ...valid, ends_at }).success).toBe(true);
    }
  });

  it.each([
    ["a date without a time", "2030-01-01"],
    ["a time without an offset", "2030-01-01T12:00:00"],
    ["a day that does not exist", "2030-02-30T12:00:00Z"],
    ["words", "next friday"],
    ["an empty string", ""],
  ])("refuses %s with one message", (_what, ends_at) => {
    expect(messagesAt(giveaway.safeParse({ ...valid, ends_at }), "ends_at")).toEqual([DATE_TIME_MESSAGE]);
  });

  it("refuses a moment already past, as an issue an import can recognise", () => {
    const result = giveaway.safeParse({ ...valid, ends_at: new Date(Date.now() - 60_000).toISOString() });
    expect(messagesAt(result, "ends_at")).toEqual([PAST_MESSAGE]);
    expect(result.error?.issues.every(isPastIssue)).toBe(true);
    expect(messagesAt(giveaway.safeParse({ ...valid, ends_at: "2020-01-01T00:00:00Z" }), "ends_at")).toEqual([PAST_MESSAGE]);
  });

  it("is a datetime field of the form spec", () => {
    expect(itemFormSpec(giveaways, "giveaways").fields.find((field) => field.name === "ends_at")).toMatchObject({ type: "string", ui: "datetime", required: true, maxLength: 40 });
  });
});

describe("dateTimeField", () => {
  it("is null by default and accepts past moments unless asked not to", () => {
    const schema = z.strictObject({ at: dateTimeField(), ahead: dateTimeField({ future: true }), due: requiredDateTimeField() });
    expect(schema.parse({ due: "2001-01-01T00:00:00Z" })).toEqual({ at: null, ahead: null, due: "2001-01-01T00:00:00Z" });
    expect(schema.safeParse({ at: "2001-01-01T00:00:00Z", due: "2001-01-01T00:00:00Z" }).success).toBe(true);
    expect(messagesAt(schema.safeParse({ ahead: "2001-01-01T00:00:00Z", due: "2001-01-01T00:00:00Z" }), "ahead")).toEqual([PAST_MESSAGE]);
  });
});
