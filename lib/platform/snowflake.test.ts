/** @jest-environment node */
import { NUL_ISSUE, SURROGATE_ISSUE, WELL_FORMED_TEXT } from "@/lib/validation/text";
import { snowflake } from "@/lib/plugins/fields";
import { PLATFORM_EPOCH_MS, guildIdParams, isSnowflake, platformId, snowflake as platformSnowflake, snowflakeToDate, snowflakeToTimestamp } from "./snowflake";

describe("snowflakes", () => {
  it("decodes the creation time with the platform epoch", () => {
    expect(PLATFORM_EPOCH_MS).toBe(1420070400000);
    // The platform documentation's example id.
    expect(snowflakeToDate("175928847299117063").toISOString()).toBe("2016-04-30T11:18:25.796Z");
    expect(snowflakeToTimestamp("175928847299117063")).toBe(1462015105796);
  });

  it("puts id 0 << 22 at the epoch", () => {
    expect(snowflakeToDate(String(1n << 22n).padStart(17, "0")).getTime()).toBe(PLATFORM_EPOCH_MS + 1);
  });

  it("accepts 17 to 20 digit strings that fit in 64 bits", () => {
    expect(isSnowflake("81384788765712384")).toBe(true);
    expect(isSnowflake("175928847299117063")).toBe(true);
    expect(isSnowflake("18446744073709551615")).toBe(true);
  });

  it.each([
    "1234567890123456",
    "123456789012345678901",
    "18446744073709551616",
    "17592884729911706a",
    " 175928847299117063",
    "",
    175928847299117063,
    null,
    undefined,
  ])("rejects %p", (value) => {
    expect(isSnowflake(value)).toBe(false);
  });

  it("has one zod spelling: guildIdParams and platformId take 17 to 20 digits and name the id in the error", () => {
    expect(guildIdParams.parse({ guildId: "175928847299117063" })).toEqual({ guildId: "175928847299117063" });
    expect(guildIdParams.parse({ guildId: "18446744073709551615" })).toEqual({ guildId: "18446744073709551615" });
    for (const bad of ["1234567890123456", "123456789012345678901", "18446744073709551616", "99999999999999999999", "17592884729911706a", " 175928847299117063"]) {
      expect(guildIdParams.safeParse({ guildId: bad }).error?.issues).toEqual([expect.objectContaining({ path: ["guildId"], message: "must be a guild id" })]);
    }
    expect(platformId("channel").safeParse("nope").error?.issues[0]?.message).toBe("must be a channel id");
  });

  it("builds the zod spellings on inputText: NUL and a lone surrogate get their own message", () => {
    for (const schema of [platformId("user"), platformSnowflake, snowflake, guildIdParams.shape.guildId]) {
      expect((schema as unknown as { _zod: { def: { checks?: unknown[] } } })._zod.def.checks).toContain(WELL_FORMED_TEXT);
    }
    expect(guildIdParams.safeParse({ guildId: "17592884729911706\u0000" }).error?.issues).toEqual([expect.objectContaining({ path: ["guildId"], message: NUL_ISSUE })]);
    expect(platformId("user").safeParse("17592884729911706\uD800").error?.issues.map((issue) => issue.message)).toEqual([SURROGATE_ISSUE]);
  });

  it("refuses plugin ids past 64 bits with the translated invalid_id issue, as the platform refuses them", () => {
    expect(snowflake.parse("18446744073709551615")).toBe("18446744073709551615");
    for (const bad of ["18446744073709551616", "99999999999999999999", "12345"]) {
      expect(snowflake.safeParse(bad).error?.issues.map((issue) => issue.message)).toEqual([expect.stringContaining("invalid_id")]);
    }
  });

  it("throws a RangeError when decoding a non-snowflake", () => {
    expect(() => snowflakeToDate("../users/@me")).toThrow(RangeError);
  });
});
