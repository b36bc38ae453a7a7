import { PRESETS } from "./presets";

// The picker's preset thumbnails as CSS classes, written from PRESETS into
// components/card-editor/preset-backgrounds.css by `npm run assets` (a test keeps the file in
// step). As inline styles the gradients cost every page with a card editor ~2.5 KB of HTML.

export const PRESET_CSS_FILE = "components/card-editor/preset-backgrounds.css";

export const presetClass = (id: string) => `card-preset-${id}`;

export function presetCss(): string {
  const rules = Object.values(PRESETS).map((preset) => `.${presetClass(preset.id)} {\n  background-color: ${preset.color};\n  background-image: ${preset.image};\n}\n`);
  return `/* Written by \`npm run assets\` from lib/card-drawing/presets.ts: edit that file, not this one. */\n${rules.join("")}`;
}
