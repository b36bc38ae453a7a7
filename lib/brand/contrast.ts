// WCAG 2.2 contrast of the design tokens (app/globals.css). `npm run contrast` prints the
// table kept in the comment beside the tokens; contrast.test.ts fails when a pair drops
// below its minimum.

/** Relative luminance of a #rrggbb colour (WCAG 2.2, "relative luminance"). */
export function luminance(hex: string): number {
  const match = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!match) throw new Error(`not a #rrggbb colour: ${hex}`);
  const value = parseInt(match[1]!, 16);
  const [r, g, b] = [value >> 16, (value >> 8) & 0xff, value & 0xff].map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Contrast ratio between two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/** Custom properties of the form `--name: #rrggbb;` (those given as var() are followed). */
export function readTokens(css: string): Map<string, string> {
  const raw = new Map([...css.matchAll(/--([a-z0-9-]+):\s*([^;]+);/gi)].map((m) => [m[1]!, m[2]!.trim()]));
  const resolve = (value: string, depth = 0): string => {
    const ref = /^var\(--([a-z0-9-]+)\)$/i.exec(value);
    return ref && depth < 10 ? resolve(raw.get(ref[1]!) ?? value, depth + 1) : value;
  };
  return new Map([...raw].map(([name, value]) => [name, resolve(value)] as const).filter(([, value]) => /^#[0-9a-f]{6}$/i.test(value)));
}

/** AA: 4.5 for normal text (1.4.3), 3 for graphics and component edges (1.4.11). */
export const TEXT = 4.5;
export const NON_TEXT = 3;

/** Every place a token is drawn on another, with the contrast it needs. */
export const CONTRAST_PAIRS = [
  { use: "primary button and skip link: text", fg: "primary-contrast", bg: "primary", min: TEXT },
  { use: "primary button, hovered: text", fg: "primary-contrast", bg: "primary-hover", min: TEXT },
  { use: "links on the page", fg: "brand", bg: "bg", min: TEXT },
  { use: "links on cards", fg: "brand", bg: "surface", min: TEXT },
  { use: "links on raised surfaces", fg: "brand", bg: "surface-raised", min: TEXT },
  { use: "body text", fg: "text", bg: "bg", min: TEXT },
  { use: "muted text on cards", fg: "text-muted", bg: "surface", min: TEXT },
  { use: "focused input edge, switch on, active nav mark", fg: "primary", bg: "bg", min: NON_TEXT },
  { use: "hovered card edge", fg: "primary", bg: "surface", min: NON_TEXT },
] as const;

export function contrastReport(tokens: Map<string, string>) {
  return CONTRAST_PAIRS.map((pair) => {
    const fg = tokens.get(pair.fg);
    const bg = tokens.get(pair.bg);
    if (!fg || !bg) throw new Error(`token missing: --${fg ? pair.bg : pair.fg}`);
    return { ...pair, fgHex: fg, bgHex: bg, ratio: contrastRatio(fg, bg) };
  });
}
