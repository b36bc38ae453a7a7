import { readFileSync } from "node:fs";
import path from "node:path";
import { PRESETS } from "./presets";
import { PRESET_CSS_FILE, presetClass, presetCss } from "./preset-css";

describe("preset thumbnails' stylesheet", () => {
  it("is the one npm run assets writes from the presets (run it after editing presets.ts)", () => {
    expect(readFileSync(path.join(process.cwd(), PRESET_CSS_FILE), "utf8")).toBe(presetCss());
  });

  it("has a class per preset with its colour and layers", () => {
    const css = presetCss();
    for (const preset of Object.values(PRESETS)) {
      expect(css).toContain(`.${presetClass(preset.id)} {\n  background-color: ${preset.color};\n  background-image: ${preset.image};\n}`);
    }
  });
});
