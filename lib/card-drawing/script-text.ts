import "server-only";
import bidiFactory from "bidi-js";
import type { Coverage } from "./cmap";
import { emojiImage } from "./emoji";

// A name, or any other text, as the cards draw it, in any script: the renderer (satori) lays words out left to
// right and asks the web for what its fonts lack. So, before it sees the text:
// - characters no loaded font has are left out (never fetched), emoji become pictures;
// - the words are put in display order by the Unicode bidi algorithm (bidi-js), so an
//   Arabic or Hebrew name reads right to left. Satori's font engine itself joins Arabic
//   letters and writes each Arabic word right to left, so Arabic words are handed over
//   in their own (logical) order; other right-to-left scripts it leaves alone, so they
//   are handed over already reversed.

export type TextRun = { kind: "text"; text: string } | { kind: "emoji"; text: string; image: string };

export type DrawableName = {
  /** In display order, left to right. */
  runs: TextRun[];
  /** The first drawn cluster in reading order (the avatar's stand-in), null when nothing is drawn. */
  initial: TextRun | null;
  /** A generous guess of the drawn width in em at a bold weight, for choosing a size that fits. */
  ems: number;
  /** How many clusters are drawn (letter spacing adds to each). */
  clusters: number;
};

const bidi = bidiFactory();
const CONTROL = /[\p{Cc}\p{Cf}]/gu;
const ARABIC = /\p{Script=Arabic}/u;
const WIDE = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\u3000-\u303f\uff00-\uffef]/u;
const BROADEST = /[@%mwMW]/;
const BROAD = /[A-Z]/;

/** Width classes of DejaVu Sans Bold and the full-width fonts, rounded up. */
function emsOf(cluster: Cluster): number {
  if (cluster.image || WIDE.test(cluster.text)) return 1.05;
  return BROADEST.test(cluster.text) ? 1.15 : BROAD.test(cluster.text) ? 0.85 : 0.72;
}

type Cluster = { text: string; image: string | null };

function graphemes(text: string): string[] {
  return Array.from(new Intl.Segmenter(undefined, { granularity: "grapheme" }).segment(text), (part) => part.segment);
}

/** The clusters a font draws whole, emoji as pictures; whitespace runs become one space, ends trimmed. */
function keptClusters(text: string, fonts: readonly Coverage[]): Cluster[] {
  const kept: Cluster[] = [];
  for (const cluster of graphemes(text.normalize("NFC").replace(/\s+/gu, " "))) {
    const image = emojiImage(cluster);
    if (image) {
      kept.push({ text: cluster, image });
      continue;
    }
    // Joiners and bidi marks go (the order is worked out here), unless part of an emoji above.
    const bare = cluster.replace(CONTROL, "");
    if (bare === "") continue;
    if (bare === " ") {
      if (kept.length > 0 && kept.at(-1)!.text !== " ") kept.push({ text: " ", image: null });
      continue;
    }
    const points = Array.from(bare, (char) => char.codePointAt(0) ?? 0);
    if (fonts.some((font) => points.every((point) => font.has(point)))) kept.push({ text: bare, image: null });
  }
  while (kept.at(-1)?.text === " ") kept.pop();
  return kept;
}

/** Unicode bidi rule L2 on clusters: from the highest level down to the lowest odd one, reverse every run at that level or above. */
function displayOrder(clusters: Cluster[]): Cluster[] {
  // Emoji are neutral: a stand-in of the same class keeps surrogates and joiners out of the levels.
  const units = clusters.map((cluster) => (cluster.image ? "\u2022" : cluster.text));
  const text = units.join("");
  const { levels } = bidi.getEmbeddingLevels(text, "auto");
  const clusterLevels: number[] = [];
  let at = 0;
  for (const unit of units) {
    clusterLevels.push(levels[at] ?? 0);
    at += unit.length;
  }
  const order = clusters.map((_, index) => index);
  const highest = Math.max(0, ...clusterLevels);
  const lowestOdd = Math.min(...clusterLevels.filter((level) => level % 2 === 1), highest + 1);
  for (let level = highest; level >= lowestOdd; level--) {
    for (let start = 0; start < order.length; start++) {
      if (clusterLevels[order[start]!]! < level) continue;
      let end = start;
      while (end + 1 < order.length && clusterLevels[order[end + 1]!]! >= level) end++;
      order.splice(start, end - start + 1, ...order.slice(start, end + 1).reverse());
      start = end;
    }
  }
  // Satori reverses each run of Arabic letters itself: give those runs back their reading order.
  const shown = order.map((index) => clusters[index]!);
  for (let start = 0; start < shown.length; start++) {
    if (!ARABIC.test(shown[start]!.text)) continue;
    let end = start;
    while (end + 1 < shown.length && ARABIC.test(shown[end + 1]!.text)) end++;
    shown.splice(start, end - start + 1, ...shown.slice(start, end + 1).reverse());
    start = end;
  }
  return shown;
}

/** `text` cut to what `fonts` and the emoji pictures draw, at most `max` clusters (an ellipsis when cut), in display order. */
export function drawableName(text: string, fonts: readonly Coverage[], max: number): DrawableName {
  let clusters = keptClusters(text, fonts);
  if (clusters.length > max) {
    clusters = clusters.slice(0, max - 1);
    while (clusters.at(-1)?.text === " ") clusters.pop();
    clusters.push({ text: "…", image: null });
  }
  const first = clusters[0];
  const runs: TextRun[] = [];
  for (const cluster of displayOrder(clusters)) {
    const last = runs.at(-1);
    if (cluster.image) runs.push({ kind: "emoji", text: cluster.text, image: cluster.image });
    else if (last?.kind === "text") last.text += cluster.text;
    else runs.push({ kind: "text", text: cluster.text });
  }
  return {
    runs,
    initial: first ? (first.image ? { kind: "emoji", text: first.text, image: first.image } : { kind: "text", text: first.text.toLocaleUpperCase() }) : null,
    ems: clusters.reduce((sum, cluster) => sum + emsOf(cluster), 0),
    clusters: clusters.length,
  };
}

export type LineBox = { /** Most clusters, before the width is considered. */ max: number; fontSize: number; /** px */ width: number; /** Letter spacing in px. */ spacing?: number };

/** `text` as drawableName draws it, cut (with an ellipsis) until its guessed width fits the line at that size. */
export function fittedLine(text: string, fonts: readonly Coverage[], { max, fontSize, width, spacing = 0 }: LineBox): DrawableName {
  const fits = (line: DrawableName) => line.ems * fontSize + line.clusters * spacing <= width;
  let line = drawableName(text, fonts, max);
  for (let count = line.clusters - 1; count >= 2 && !fits(line); count--) line = drawableName(text, fonts, count);
  return line;
}
