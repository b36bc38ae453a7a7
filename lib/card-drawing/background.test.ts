import fc from "fast-check";
import { isStorageKey } from "@/lib/storage/keys";
import { welcome } from "@/lib/plugins/welcome/definition";
import { DEFAULT_BACKGROUND, formatBackground, MAX_BACKGROUND_LENGTH, parseBackground, PRESET_IDS } from "./background";
import { PRESETS } from "./presets";

const KEY = `${"ab".repeat(32)}.webp`;

describe("card_background values", () => {
  it("reads presets and uploads, and writes them back the same", () => {
    expect(parseBackground("preset:ocean")).toEqual({ kind: "preset", preset: "ocean" });
    expect(parseBackground(`upload:${KEY}`)).toEqual({ kind: "upload", key: KEY });
    for (const value of ["preset:ocean", `upload:${KEY}`]) expect(formatBackground(parseBackground(value)!)).toBe(value);
    expect(`upload:${KEY}`.length).toBeLessThanOrEqual(MAX_BACKGROUND_LENGTH);
  });

  it.each(["aurora", "preset:", "preset:rainbow", "preset:Aurora", "upload:", "upload:abc.png", `upload:${KEY}x`, `upload:${KEY.toUpperCase()}`, "upload:../../x.png", " preset:ocean", null, 3])("refuses %p", (value) => {
    expect(parseBackground(value)).toBeNull();
  });

  it("takes exactly the storage keys of lib/storage as upload keys", () => {
    const hex = fc.stringMatching(/^[0-9a-f]{64}$/);
    const candidates = fc.oneof(fc.string(), fc.tuple(hex, fc.constantFrom(".png", ".jpg", ".gif", ".webp", ".jpeg", ".svg", "")).map(([a, b]) => a + b));
    fc.assert(fc.property(candidates, (key) => (parseBackground(`upload:${key}`) !== null) === isStorageKey(key)));
  });

  it("has a drawn preset for every preset id, and the welcome config defaults to one", () => {
    expect(Object.keys(PRESETS).sort()).toEqual([...PRESET_IDS].sort());
    expect(welcome.configSchema.parse({}).card_background).toBe(DEFAULT_BACKGROUND);
    expect(welcome.configSchema.safeParse({ card_background: "preset:candy" }).success).toBe(true);
    expect(welcome.configSchema.safeParse({ card_background: "aurora" }).success).toBe(false);
  });
});
