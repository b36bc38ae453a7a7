// The platform's standard colour palette: the swatches its own role colour picker offers,
// light row then dark row.

export const PALETTE = [
  ["teal", 0x1abc9c],
  ["green", 0x2ecc71],
  ["blue", 0x3498db],
  ["purple", 0x9b59b6],
  ["pink", 0xe91e63],
  ["yellow", 0xf1c40f],
  ["orange", 0xe67e22],
  ["red", 0xe74c3c],
  ["grey", 0x95a5a6],
  ["slate", 0x607d8b],
  ["darkTeal", 0x11806a],
  ["darkGreen", 0x1f8b4c],
  ["darkBlue", 0x206694],
  ["darkPurple", 0x71368a],
  ["darkPink", 0xad1457],
  ["gold", 0xc27c0e],
  ["darkOrange", 0xa84300],
  ["darkRed", 0x992d22],
  ["darkGrey", 0x979c9f],
  ["darkSlate", 0x546e7a],
] as const;

export type PaletteName = (typeof PALETTE)[number][0];

export const PALETTE_NAMES: readonly PaletteName[] = PALETTE.map(([name]) => name);

/** Black or white, whichever reads better on `color` (for the tick on a chosen swatch). */
export function inkOn(color: number): "#000" | "#fff" {
  const channel = (shift: number) => {
    const value = ((color >> shift) & 0xff) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(16) + 0.7152 * channel(8) + 0.0722 * channel(0);
  // Where black and white give the same contrast ratio: (L + 0.05)² = 1.05 × 0.05.
  return luminance > 0.179 ? "#000" : "#fff";
}
