import { readFileSync } from "node:fs";
import path from "node:path";
import { fontCoverage } from "./cmap";

const noto = readFileSync(path.join(process.cwd(), "node_modules/next/dist/compiled/@vercel/og/noto-sans-v27-latin-regular.ttf"));

describe("fontCoverage", () => {
  it("lists the characters of next/og's Latin font, and not others", () => {
    const coverage = fontCoverage(noto);
    for (const char of "Az09 !?éÿŒ€…") expect({ char, has: coverage.has(char.codePointAt(0)!) }).toEqual({ char, has: true });
    for (const char of "Жשب欢🎉") expect({ char, has: coverage.has(char.codePointAt(0)!) }).toEqual({ char, has: false });
  });

  it("throws on bytes that are not a font", () => {
    expect(() => fontCoverage(new TextEncoder().encode("not a font at all, clearly"))).toThrow();
  });
});
