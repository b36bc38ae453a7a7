/** @jest-environment node */
import { inputDateTime, inputText, inputUuid, NUL_ISSUE, SURROGATE_ISSUE, textProblem } from "./text";

const messages = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues.map((issue) => issue.message) ?? [];

describe("textProblem", () => {
  it.each([
    ["a NUL anywhere", "ab\u0000", NUL_ISSUE],
    ["a lone high surrogate", "a\uD800", SURROGATE_ISSUE],
    ["a lone low surrogate", "\uDC00a", SURROGATE_ISSUE],
    ["a pair in the wrong order", "\uDC00\uD800", SURROGATE_ISSUE],
  ])("refuses %s", (_what, value, message) => {
    expect(textProblem(value)).toBe(message);
  });

  it.each([["plain text", "Welcome {user.mention}!"], ["emoji (surrogate pairs)", "🎉👋🏽"], ["other scripts", "مرحبا Привет こんにちは"], ["the empty string", ""], ["control characters other than NUL", "a\tb\nc\u0001"]])(
    "keeps %s",
    (_what, value) => {
      expect(textProblem(value)).toBeNull();
    },
  );
});

describe("inputText", () => {
  const name = inputText().min(1).max(3).regex(/^[a-z]+$/, "must be lower-case letters");

  it("answers with its own message alone: the checks after it do not run on such a string", () => {
    expect(messages(name.safeParse("\u0000\u0000\u0000\u0000"))).toEqual([NUL_ISSUE]);
    expect(messages(name.safeParse("\uD800"))).toEqual([SURROGATE_ISSUE]);
  });

  it("leaves every other check as it was", () => {
    expect(name.safeParse("abc").success).toBe(true);
    expect(messages(name.safeParse("abcd"))).toHaveLength(1);
    expect(messages(name.safeParse("AB"))).toEqual(["must be lower-case letters"]);
    expect(messages(inputText("must be text").safeParse(5))).toEqual(["must be text"]);
  });

  it("is the base of the date-time and UUID formats", () => {
    expect(inputDateTime().safeParse("2026-01-02T03:04:05Z").success).toBe(true);
    expect(messages(inputDateTime("must be a date").safeParse("2026-01-02\u0000"))).toEqual([NUL_ISSUE]);
    expect(messages(inputDateTime("must be a date").safeParse("tomorrow"))).toEqual(["must be a date"]);
    expect(inputUuid().safeParse("0b4c2f7e-9d1a-4c3b-8f6e-2a1d3c4b5e6f").success).toBe(true);
    expect(messages(inputUuid("must be an item id").safeParse("\uDBFF"))).toEqual([SURROGATE_ISSUE]);
  });
});
