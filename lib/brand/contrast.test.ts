import { readFileSync } from "node:fs";
import path from "node:path";
import { contrastRatio, contrastReport, luminance, readTokens, TEXT } from "./contrast";

const tokens = readTokens(readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8"));

describe("contrast ratio", () => {
  it("matches the WCAG reference values", () => {
    expect(luminance("#ffffff")).toBeCloseTo(1, 6);
    expect(luminance("#000000")).toBe(0);
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 6);
    expect(contrastRatio("#000000", "#ffffff")).toBeCloseTo(21, 6);
    expect(contrastRatio("#4f7cff", "#4f7cff")).toBe(1);
    // #767676 is the lightest grey that passes AA on white; #777777 just fails.
    expect(contrastRatio("#767676", "#ffffff")).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio("#777777", "#ffffff")).toBeLessThan(4.5);
    expect(() => luminance("blue")).toThrow("not a #rrggbb colour");
  });

  it("the old primary failed white text, as the issue measured", () => {
    expect(contrastRatio("#ffffff", "#4f7cff")).toBeLessThan(TEXT);
  });
});

describe("design tokens of app/globals.css", () => {
  it("reads the tokens, following var()", () => {
    expect(tokens.get("bg")).toBe(tokens.get("grey-950"));
    expect(tokens.get("primary-contrast")).toBe("#ffffff");
  });

  it("white on the primary button is at least 4.5:1, hovered too", () => {
    expect(contrastRatio(tokens.get("primary-contrast")!, tokens.get("primary")!)).toBeGreaterThanOrEqual(4.5);
    expect(contrastRatio(tokens.get("primary-contrast")!, tokens.get("primary-hover")!)).toBeGreaterThanOrEqual(4.5);
  });

  it.each(contrastReport(tokens).map((row) => [row.use, row] as const))("%s", (_use, row) => {
    expect(row.ratio).toBeGreaterThanOrEqual(row.min);
  });
});
