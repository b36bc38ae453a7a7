import { clip, drawableText } from "./text";

// A font with printable ASCII, Latin-1, Cyrillic and the ellipsis.
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const font = new Set([...range(0x20, 0x7e), ...range(0xa0, 0xff), ...range(0x400, 0x4ff), 0x2026]);

describe("drawableText", () => {
  it("keeps what the font draws", () => {
    expect(drawableText("Welcome, Zoë!", [font])).toBe("Welcome, Zoë!");
    expect(drawableText("Привет", [font])).toBe("Привет");
  });

  it("leaves out emoji, right-to-left scripts and missing scripts, then tidies the spaces", () => {
    expect(drawableText("Hi 🎉 there", [font])).toBe("Hi there");
    expect(drawableText("مرحبا Ada", [font])).toBe("Ada");
    expect(drawableText("שלום", [font])).toBe("");
    expect(drawableText("欢迎 Ada 👩‍💻", [font])).toBe("Ada");
  });

  it("composes decomposed letters first, and drops controls and format characters", () => {
    expect(drawableText("Zoe\u0308", [font])).toBe("Zoë");
    expect(drawableText("a\u200db\u202ec\u0007d", [font])).toBe("abcd");
    expect(drawableText("  line\nbreak\t tab  ", [font])).toBe("line break tab");
  });

  it("keeps a cluster only when one font has all of it", () => {
    const latin = new Set(range(0x20, 0x7e));
    const marks = new Set([0x301]);
    expect(drawableText("e\u0301x", [latin, marks])).toBe("x");
  });
});

describe("clip", () => {
  it("cuts long text on cluster boundaries with an ellipsis", () => {
    expect(clip("short", 10)).toBe("short");
    expect(clip("abcdefghij", 5)).toBe("abcd…");
    expect(clip("👩‍💻👩‍💻👩‍💻", 2)).toBe("👩‍💻…");
  });
});
