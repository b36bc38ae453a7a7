/** @jest-environment node */
import sharp from "sharp";
import { RANK_CARD_HEIGHT, RANK_CARD_WIDTH, renderRankCard, type RankCard } from "./render";

const card = (overrides: Partial<RankCard> = {}): RankCard => ({
  avatarUrl: null,
  name: "ada.lovelace",
  rank: 3,
  level: 12,
  into: 640,
  needed: 1000,
  colors: { background: "#000000", accent: "#00ff00", text: "#ff0000" },
  background: null,
  words: { rank: "RANK", level: "LEVEL", dir: "ltr" },
  ...overrides,
});

async function raw(png: Uint8Array) {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (x: number, y: number) => Array.from(data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3));
  return { at, info };
}

/** Pixels of the name's line (x 300–944, y 118–182) that are not the black background. */
async function inkOfName(png: Uint8Array): Promise<number> {
  const { at } = await raw(png);
  let ink = 0;
  for (let y = 118; y < 182; y += 2) for (let x = 300; x < 944; x += 2) if (at(x, y).some((channel) => channel > 60)) ink++;
  return ink;
}

/** Pixels of the rank and level line (x 300–944, y 40–100) that are not the black background. */
async function inkOfWords(png: Uint8Array): Promise<number> {
  const { at } = await raw(png);
  let ink = 0;
  for (let y = 40; y < 100; y += 2) for (let x = 300; x < 944; x += 2) if (at(x, y).some((channel) => channel > 60)) ink++;
  return ink;
}

/** Every URL fetch was called with, less data: URLs (next/og loads its own engine from one). */
function networkCalls(spy: jest.SpyInstance): string[] {
  return spy.mock.calls.map(([input]) => String(input instanceof Request ? input.url : input)).filter((url) => !url.startsWith("data:"));
}

describe("renderRankCard", () => {
  let fetchSpy: jest.SpyInstance;
  beforeEach(() => {
    fetchSpy = jest.spyOn(global, "fetch");
  });
  afterEach(() => {
    fetchSpy.mockRestore();
  });

  const names = {
    long: "W".repeat(200),
    arabic: "محمد لا سلام",
    cjk: "張偉 さくら",
    emoji: "👩‍💻🎉✨",
    mixed: "Ada مرحبا 🎉 張",
  };

  it.each(Object.entries(names))("draws the %s name, in full, on a PNG of the card's size, fetching nothing", async (_label, name) => {
    const png = await renderRankCard(card({ name }));
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: RANK_CARD_WIDTH, height: RANK_CARD_HEIGHT });
    // The name's line holds real glyphs (a name drawn as nothing, or as boxes left out, would leave it near empty).
    expect(await inkOfName(png)).toBeGreaterThan(150);
    expect(networkCalls(fetchSpy)).toEqual([]);
  });

  it("draws a name no font can show as a question mark, still without fetching", async () => {
    const png = await renderRankCard(card({ name: "\u{10FFFD}\u{E0001}" }));
    expect((await sharp(png).metadata()).width).toBe(RANK_CARD_WIDTH);
    // One "?" is far less ink than any of the names above: their threshold means glyphs were drawn.
    expect(await inkOfName(png)).toBeLessThan(150);
    expect(networkCalls(fetchSpy)).toEqual([]);
  });

  it("draws its own words as given: French, and Arabic right to left rather than left out", async () => {
    const english = await inkOfWords(await renderRankCard(card()));
    const french = await renderRankCard(card({ words: { rank: "RANG", level: "NIVEAU", dir: "ltr" } }));
    expect(Buffer.compare(Buffer.from(french), Buffer.from(await renderRankCard(card())))).not.toBe(0);
    expect(await inkOfWords(french)).toBeGreaterThan(english * 0.8);
    // Words no font draws leave only the figures: the Arabic ones draw well beyond that.
    const figuresOnly = await inkOfWords(await renderRankCard(card({ words: { rank: "\u{10FFFD}", level: "\u{10FFFD}", dir: "rtl" } })));
    const arabic = await inkOfWords(await renderRankCard(card({ words: { rank: "الترتيب", level: "المستوى", dir: "rtl" } })));
    expect(arabic).toBeGreaterThan(figuresOnly + 60);
    expect(networkCalls(fetchSpy)).toEqual([]);
  });

  it("paints the guild's colours: background, accent on the progress bar and the avatar ring, text", async () => {
    const { at } = await raw(await renderRankCard(card({ into: 500, needed: 1000 })));
    expect(at(40, 280)).toEqual([0, 0, 0]);
    expect(at(320, 210)).toEqual([0, 255, 0]); // the bar's filled start
    expect(at(900, 210)[1]).toBeLessThan(100); // the bar's unfilled end
    expect(at(55, 150)).toEqual([0, 255, 0]); // the avatar ring's left edge
  });

  it("draws the avatar picture when there is one, the initial otherwise", async () => {
    const blue = `data:image/png;base64,${(await sharp({ create: { width: 64, height: 64, channels: 3, background: "#0000ff" } }).png().toBuffer()).toString("base64")}`;
    const withAvatar = await raw(await renderRankCard(card({ avatarUrl: blue })));
    expect(withAvatar.at(100, 150)).toEqual([0, 0, 255]);
    const without = await raw(await renderRankCard(card({ avatarUrl: null })));
    expect(without.at(100, 150)[2]).toBeLessThan(60);
  });

  it("lays a preset or an uploaded picture under a shade of the background colour, and ignores URLs that are not data: URLs", async () => {
    const white = `data:image/jpeg;base64,${(await sharp({ create: { width: 1000, height: 300, channels: 3, background: "#ffffff" } }).jpeg().toBuffer()).toString("base64")}`;
    const uploaded = await raw(await renderRankCard(card({ background: { image: white } })));
    expect(uploaded.at(5, 5)).toEqual([255, 255, 255]); // the picture shows around the panel
    const preset = await raw(await renderRankCard(card({ background: { preset: "candy" } })));
    expect(preset.at(5, 5)).not.toEqual([0, 0, 0]);
    const remote = await raw(await renderRankCard(card({ background: { image: "http://127.0.0.1:9/x.png" }, avatarUrl: "http://127.0.0.1:9/a.png" })));
    expect(remote.at(5, 5)).toEqual([0, 0, 0]);
    expect(networkCalls(fetchSpy)).toEqual([]);
  });
});
