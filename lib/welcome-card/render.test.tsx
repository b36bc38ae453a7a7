/** @jest-environment node */
import sharp, { type Sharp } from "sharp";
import { PRESET_IDS } from "@/lib/card-drawing/background";
import { CARD_HEIGHT, CARD_WIDTH, renderWelcomeCard, type WelcomeCard } from "./render";

const dataUrl = async (image: Sharp, type: "png" | "jpeg" = "png") => `data:image/${type};base64,${(await image[type]().toBuffer()).toString("base64")}`;
const solid = (width: number, height: number, background: string) => sharp({ create: { width, height, channels: 3, background } });

const card = (overrides: Partial<WelcomeCard> = {}): WelcomeCard => ({
  avatarUrl: null,
  name: "ada.lovelace",
  title: "Welcome!",
  subtitle: "Member #42",
  memberCount: 42,
  background: { preset: "aurora" },
  ...overrides,
});

/** The colour of one pixel of a PNG. */
async function pixel(png: Uint8Array, x: number, y: number): Promise<number[]> {
  const { data, info } = await sharp(png).raw().toBuffer({ resolveWithObject: true });
  const at = (y * info.width + x) * info.channels;
  return Array.from(data.subarray(at, at + 3));
}

describe("renderWelcomeCard", () => {
  it("draws a PNG of the card's size", async () => {
    const png = await renderWelcomeCard(card());
    expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: CARD_WIDTH, height: CARD_HEIGHT });
  });

  it("draws each preset differently", async () => {
    const corners = await Promise.all(PRESET_IDS.map(async (preset) => (await pixel(await renderWelcomeCard(card({ background: { preset } })), 8, 8)).join(",")));
    expect(new Set(corners).size).toBe(PRESET_IDS.length);
  }, 30000);

  it("lays an uploaded background (a data: URL) under the card", async () => {
    const png = await renderWelcomeCard(card({ background: { image: await dataUrl(solid(CARD_WIDTH, CARD_HEIGHT, "#ff0000"), "jpeg") } }));
    const [red, green, blue] = await pixel(png, 4, 4);
    expect(red).toBeGreaterThan(200);
    expect(green).toBeLessThan(40);
    expect(blue).toBeLessThan(40);
  });

  it("draws the avatar in its circle, or the initial without one", async () => {
    // Without title and subtitle the column is the avatar (180 px with its ring) and the name, centred: the avatar centre is near y 180.
    const center = [CARD_WIDTH / 2, 175] as const;
    const withAvatar = await renderWelcomeCard(card({ avatarUrl: await dataUrl(solid(256, 256, "#00ff00")), title: "", subtitle: "" }));
    const [red, green] = await pixel(withAvatar, center[0] - 40, center[1]);
    expect(green).toBeGreaterThan(200);
    expect(red).toBeLessThan(60);
    const without = await renderWelcomeCard(card({ title: "", subtitle: "" }));
    expect((await pixel(without, center[0] - 40, center[1]))[1]).toBeLessThan(120);
  });

  it("ignores avatar and background URLs that are not data: URLs (it never fetches)", async () => {
    const fetchSpy = jest.spyOn(global, "fetch");
    try {
      const png = await renderWelcomeCard(card({ avatarUrl: "http://127.0.0.1:9/a.png", background: { image: "http://127.0.0.1:9/b.png" }, title: "Hi 🎉 مرحبا 欢迎" }));
      expect(await sharp(png).metadata()).toMatchObject({ width: CARD_WIDTH, height: CARD_HEIGHT });
      expect(fetchSpy).not.toHaveBeenCalled();
    } finally {
      fetchSpy.mockRestore();
    }
  });

  it("draws very long names and titles within the card", async () => {
    const png = await renderWelcomeCard(card({ name: "W".repeat(200), title: "T".repeat(64), subtitle: "S".repeat(128), memberCount: 123456789 }));
    expect(await sharp(png).metadata()).toMatchObject({ width: CARD_WIDTH, height: CARD_HEIGHT });
  });
});
