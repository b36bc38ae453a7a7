// The Guildhall mark: a hall gable over a chat bubble, on a blue tile. One drawing, used by
// the header logo (components/logo.tsx) and every file under public/ that shows the mark
// (scripts/make-public-assets.ts draws those from markSvg()). Safe for the browser.
//
// The tile keeps its own blue rather than following --primary (app/globals.css): it is a
// logo, not a button under text. The white bubble on it is 3.71:1, above the 3:1 that
// WCAG 1.4.11 asks of graphics (a logo is exempt anyway).

/** Drawn on a 32 × 32 grid. */
export const MARK_GRID = 32;

export const MARK = {
  tile: "#4f7cff",
  gable: "#7ee8f5",
  bubble: "#ffffff",
  /** Corner radius of the tile, in grid units. */
  radius: 9,
  gablePath: "M6 14 16 7l10 7v1.5H6Z",
  bubblePath: "M8.5 17h15a1.5 1.5 0 0 1 1.5 1.5v5a1.5 1.5 0 0 1-1.5 1.5H14l-4 3v-3H8.5A1.5 1.5 0 0 1 7 23.5v-5A1.5 1.5 0 0 1 8.5 17Z",
  /** Centre of the gable and bubble together (x 6–26, y 7–28). */
  glyphCentre: { x: 16, y: 17.5 },
} as const;

export type MarkShape = {
  /** Width and height of the drawing in pixels. */
  size: number;
  /**
   * "tile": the rounded tile as in the header (transparent corners).
   * "square": the tile to the edges, for platforms that cut their own shape
   * (Apple touch icons, maskable icons).
   */
  shape?: "tile" | "square";
  /** Scale of the gable and bubble around the drawing's centre; below 1 for maskable icons. */
  glyphScale?: number;
};

/** The mark as a standalone SVG document. */
export function markSvg({ size, shape = "tile", glyphScale = 1 }: MarkShape): string {
  const radius = shape === "tile" ? MARK.radius : 0;
  const glyphs = `<path d="${MARK.gablePath}" fill="${MARK.gable}"/><path d="${MARK.bubblePath}" fill="${MARK.bubble}"/>`;
  // Scaled glyphs are also centred, so the safe zone of a maskable icon holds all of them.
  const half = MARK_GRID / 2;
  const transform =
    glyphScale === 1 ? "" : ` transform="translate(${half} ${half}) scale(${glyphScale}) translate(${-MARK.glyphCentre.x} ${-MARK.glyphCentre.y})"`;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${MARK_GRID} ${MARK_GRID}">` +
    `<rect width="${MARK_GRID}" height="${MARK_GRID}" rx="${radius}" fill="${MARK.tile}"/>` +
    (transform ? `<g${transform}>${glyphs}</g>` : glyphs) +
    `</svg>`
  );
}
