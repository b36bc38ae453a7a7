import { drawableName, type TextRun } from "./script-text";

// A font with printable ASCII, Arabic, Hebrew, the ellipsis and a few ideographs.
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, index) => from + index);
const font = new Set([...range(0x20, 0x7e), ...range(0x600, 0x6ff), ...range(0x5d0, 0x5ea), 0x2026, ..."張偉".split("").map((char) => char.codePointAt(0)!)]);

const shown = (runs: TextRun[]) => runs.map((run) => (run.kind === "text" ? run.text : `[${run.text}]`)).join("");

describe("drawableName", () => {
  it("keeps a left-to-right name as it is", () => {
    expect(shown(drawableName("ada.lovelace", [font], 32).runs)).toBe("ada.lovelace");
  });

  it("puts Arabic words in right-to-left order, each word in reading order (the renderer joins and turns the letters)", () => {
    expect(shown(drawableName("محمد لا سلام", [font], 32).runs)).toBe("سلام لا محمد");
    // In a left-to-right name, the Arabic words turn around among themselves only.
    expect(shown(drawableName("Ada مرحبا بالعالم!", [font], 32).runs)).toBe("Ada بالعالم مرحبا!");
  });

  it("reverses other right-to-left scripts itself", () => {
    expect(shown(drawableName("שלום עולם", [font], 32).runs)).toBe("םלוע םולש");
  });

  it("draws emoji as pictures, joined sequences as one, and leaves out what no font has", () => {
    const name = drawableName("👩‍💻 dev 🎉 ✦ 欢", [font], 32);
    expect(shown(name.runs)).toBe("[👩‍💻] dev [🎉]");
    expect(name.runs.filter((run) => run.kind === "emoji").every((run) => run.kind === "emoji" && run.image.startsWith("data:image/svg+xml;base64,"))).toBe(true);
    expect(name.initial).toMatchObject({ kind: "emoji", text: "👩‍💻" });
  });

  it("drops joiners and bidi controls outside emoji, and tidies spaces", () => {
    expect(shown(drawableName("  a\u200db\u202ec \n d ", [font], 32).runs)).toBe("abc d");
    expect(drawableName("\u200f\u0007", [font], 32)).toMatchObject({ runs: [], initial: null, ems: 0 });
  });

  it("cuts long names on cluster boundaries with an ellipsis, and guesses a wider width for wide clusters", () => {
    expect(shown(drawableName("W".repeat(40), [font], 10).runs)).toBe(`${"W".repeat(9)}…`);
    expect(drawableName("張偉張偉", [font], 32).ems).toBeGreaterThan(drawableName("abcd", [font], 32).ems);
    expect(drawableName("張偉", [font], 32).initial).toEqual({ kind: "text", text: "張" });
  });
});
