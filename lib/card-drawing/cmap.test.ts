import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fontCoverage } from "./cmap";

const dejavu = readFileSync(path.join(process.cwd(), "node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf"));

describe("fontCoverage", () => {
  it("lists the characters of DejaVu Sans, and not others", () => {
    const coverage = fontCoverage(dejavu);
    for (const char of "Az09 !?éÿŒ€…ΩЖ") expect({ char, has: coverage.has(char.codePointAt(0)!) }).toEqual({ char, has: true });
    for (const char of "欢한🎉") expect({ char, has: coverage.has(char.codePointAt(0)!) }).toEqual({ char, has: false });
  });

  it("throws on bytes that are not a font", () => {
    expect(() => fontCoverage(new TextEncoder().encode("not a font at all, clearly"))).toThrow();
  });
});

describe("fontCoverage of WOFF files", () => {
  it("reads the compressed cmap of the Noto Sans TC pieces the project installs", () => {
    const dir = path.join(process.cwd(), "node_modules/@fontsource/noto-sans-tc/files");
    const pieces = readdirSync(dir).filter((name) => /-700-normal\.woff$/.test(name));
    expect(pieces.length).toBeGreaterThan(50);
    const all = new Set(pieces.flatMap((name) => [...fontCoverage(readFileSync(path.join(dir, name)))]));
    for (const char of "張偉中文あア") expect({ char, has: all.has(char.codePointAt(0)!) }).toEqual({ char, has: true });
    expect(all.has("한".codePointAt(0)!)).toBe(false);
  });
});
