/** @jest-environment node */
import sharp from "sharp";
import { getCardFonts, getNameFonts, nameCoverage } from "./fonts";
import { CARD_WIDTH, renderWelcomeCard } from "@/lib/welcome-card/render";

describe("card fonts", () => {
  it("are the project's own DejaVu Sans in two weights, covering Latin, Greek and Cyrillic but not CJK", async () => {
    const fonts = await getCardFonts();
    expect(fonts.family).toBe("DejaVu Sans");
    expect(fonts.fonts.map((font) => font.weight)).toEqual([400, 700]);
    const [coverage] = fonts.coverage;
    for (const char of "AéΩЖ") expect({ char, has: coverage?.has(char.codePointAt(0)!) }).toEqual({ char, has: true });
    expect(coverage?.has("欢".codePointAt(0)!)).toBe(false);
  });

  it("draw a card with text they cannot show, without fetching", async () => {
    const fetchSpy = jest.spyOn(global, "fetch");
    try {
      const png = await renderWelcomeCard({ avatarUrl: null, name: "Ада 欢迎", title: "Привет", subtitle: "Member #1", memberCount: 1, background: { preset: "ocean" } });
      expect((await sharp(png).metadata()).width).toBe(CARD_WIDTH);
      // next/og loads its layout engine from a data: URL; nothing may go to the network.
      const fetched = fetchSpy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input)).filter((url) => !url.startsWith("data:"));
      expect(fetched).toEqual([]);
    } finally {
      fetchSpy.mockRestore();
    }
  });
});

describe("name fonts", () => {
  it("add to DejaVu Sans only the fallback pieces a name needs, each under a name of its own, the same list for the same pieces", async () => {
    const latin = await getNameFonts("Ada مرحبا");
    expect(latin.fonts.map((font) => font.name)).toEqual(["DejaVu Sans", "DejaVu Sans"]);
    const chinese = await getNameFonts("張偉 さくら");
    const extra = chinese.fonts.slice(2).map((font) => font.name);
    expect(extra.length).toBeGreaterThan(0);
    expect(new Set(extra).size).toBe(extra.length);
    expect(await getNameFonts("さくら 張偉")).toBe(chinese);
    const coverage = await nameCoverage();
    expect(coverage.some((set) => set.has("張".codePointAt(0)!))).toBe(true);
  });
});
