import type { Coverage } from "./cmap";

// Text as the card can draw it. The renderer (satori) lays text out left to right only
// and asks the web for a font whenever a character is missing from its own: so
// right-to-left scripts, and anything the loaded fonts lack (emoji, most Asian scripts
// with the default fonts), are left out rather than fetched or drawn wrongly.

// Scripts written right to left (satori has no bidi support), and the bidi controls.
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}\p{Script=Samaritan}\p{Script=Mandaic}\p{Script=Adlam}]/u;
// Control and format characters (zero-width joiners, bidi marks, soft hyphens): never drawn.
const CONTROL = /[\p{Cc}\p{Cf}]/gu;

function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);
}

/**
 * Keeps the grapheme clusters one of the fonts draws whole; whitespace runs become one
 * space, control characters go, the ends are trimmed. May return "".
 */
export function drawableText(text: string, fonts: readonly Coverage[]): string {
  const normalized = text.normalize("NFC").replace(/\s+/gu, " ").replace(CONTROL, "");
  const kept = graphemes(normalized)
    .filter((cluster) => {
      if (cluster === " ") return true;
      if (RIGHT_TO_LEFT.test(cluster)) return false;
      const points = Array.from(cluster, (char) => char.codePointAt(0) ?? 0);
      return fonts.some((font) => points.every((point) => font.has(point)));
    })
    .join("");
  return kept.replace(/ {2,}/g, " ").trim();
}

/** At most `max` grapheme clusters, with an ellipsis when cut (for names longer than the card). */
export function clip(text: string, max: number): string {
  const clusters = graphemes(text);
  return clusters.length <= max ? text : `${clusters.slice(0, max - 1).join("").trimEnd()}…`;
}
