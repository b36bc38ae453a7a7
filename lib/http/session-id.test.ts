import { sessionIdOf } from "./session-id";

const headersWith = (value?: string) => new Headers(value === undefined ? {} : { "X-Session-ID": value });

describe("sessionIdOf (spec 4, 7: X-Session-ID)", () => {
  it("reads an integer from 0 up to 1e9 - 1", () => {
    expect(sessionIdOf(headersWith("0"))).toBe(0);
    expect(sessionIdOf(headersWith("123456789"))).toBe(123456789);
    expect(sessionIdOf(headersWith("999999999"))).toBe(999999999);
  });

  it("ignores anything else: absent, 1e9 or more, negative, decimal, zero-padded, not a number", () => {
    for (const value of [undefined, "", "1000000000", "-1", "1.5", "1e3", "+5", "0012", "12a", "abc", "NaN"]) {
      expect({ value, id: sessionIdOf(headersWith(value)) }).toEqual({ value, id: undefined });
    }
  });
});
