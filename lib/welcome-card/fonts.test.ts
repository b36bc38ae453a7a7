/** @jest-environment node */
// Without the system's DejaVu Sans the card falls back to next/og's Latin font, still drawing
// only what that font has (so nothing is fetched).
jest.mock("node:fs/promises", () => {
  const actual = jest.requireActual<typeof import("node:fs/promises")>("node:fs/promises");
  return {
    ...actual,
    readFile: jest.fn((file: string, ...rest: []) =>
      String(file).startsWith("/usr/share/fonts/") ? Promise.reject(Object.assign(new Error("ENOENT: no such file"), { code: "ENOENT" })) : actual.readFile(file, ...rest),
    ),
  };
});

import sharp from "sharp";
import { getCardFonts } from "./fonts";
import { CARD_WIDTH, renderWelcomeCard } from "./render";

describe("card fonts without system fonts", () => {
  it("uses next/og's Latin font and knows it lacks Cyrillic", async () => {
    const fonts = await getCardFonts();
    expect(fonts.family).toBe("Noto Sans");
    expect(fonts.fonts).toHaveLength(1);
    const [coverage] = fonts.coverage;
    expect(coverage?.has("A".codePointAt(0)!)).toBe(true);
    expect(coverage?.has("Ж".codePointAt(0)!)).toBe(false);
  });

  it("still draws a card with text it cannot show, without fetching", async () => {
    const fetchSpy = jest.spyOn(global, "fetch");
    try {
      const png = await renderWelcomeCard({ avatarUrl: null, name: "Ада Lovelace", title: "Привет", subtitle: "Member #1", memberCount: 1, background: { preset: "ocean" } });
      expect((await sharp(png).metadata()).width).toBe(CARD_WIDTH);
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });
});
