import type { FormField } from "./types";
import { fill } from "@/lib/i18n/fill";
import { changedKeys, colorOf, emptyRow, errorFor, fieldErrorsOf, hexOf, isEqual } from "./values";

const field = (name: string, extra: Partial<FormField> = {}): FormField => ({ name, type: "string", default: null, nullable: false, required: true, ...extra });

describe("settings form values", () => {
  it("compares JSON values structurally and lists changed keys only", () => {
    expect(isEqual({ a: [1, { b: 2 }] }, { a: [1, { b: 2 }] })).toBe(true);
    expect(isEqual({ a: 1, b: 2 }, { b: 2, a: 1 })).toBe(true);
    expect(isEqual([1], { 0: 1 })).toBe(false);
    expect(changedKeys({ a: 1, b: ["x"], c: null }, { a: 1, b: ["x", "y"], c: null })).toEqual(["b"]);
  });

  it("maps a validation_failed body to field errors, nested ones shown on their list", () => {
    const errors = fieldErrorsOf({ fields: [{ path: "join_role_ids.1", message: "bad id" }, { path: "x", message: "too long" }, { path: "x", message: "second" }] });
    expect(errors).toEqual({ "join_role_ids.1": "bad id", x: "too long" });
    expect(errorFor(errors, "join_role_ids", field("join_role_ids", { type: "array" }))).toBe("bad id");
    expect(errorFor(errors, "pairs", field("pairs", { type: "object-array" }))).toBeUndefined();
  });

  it("follows the spec 5 slug rule and converts colours", () => {
    expect(hexOf(0x4f7cff)).toBe("#4f7cff");
    expect(colorOf("#4F7CFF")).toBe(0x4f7cff);
    expect(colorOf("nope")).toBeNull();
  });

  it("fills placeholders and builds empty rows", () => {
    expect(fill("{count} / {max}", { count: 3, max: 10 })).toBe("3 / 10");
    expect(emptyRow([field("emoji"), field("role_id", { nullable: true }), field("on", { type: "boolean", default: true }), field("ids", { type: "array" })])).toEqual({
      emoji: "",
      role_id: null,
      on: true,
      ids: [],
    });
  });
});
