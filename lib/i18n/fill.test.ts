import { fill } from "./fill";

describe("fill", () => {
  it("fills every placeholder, numbers as given", () => {
    expect(fill("{count} / {max} {count}", { count: 3, max: 10 })).toBe("3 / 10 3");
  });

  it("keeps a placeholder it has no value for, and does not read inherited keys", () => {
    expect(fill("{name} joined {constructor}", {})).toBe("{name} joined {constructor}");
  });

  it("does not fill placeholders inside the values it puts in", () => {
    expect(fill("{a} {b}", { a: "{b}", b: "x" })).toBe("{b} x");
  });
});
