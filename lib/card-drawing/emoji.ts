import "server-only";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Emoji in names, drawn as pictures: the renderer's fonts have no colour glyphs, and left to
// itself it would download each emoji from a CDN. The Twemoji SVGs (graphics CC-BY 4.0,
// shipped by the @twemoji/svg package the project installs) are read from disk instead.

const EMOJI_DIR = path.join(process.cwd(), "node_modules", "@twemoji", "svg");
const MAYBE_EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}|\u20e3/u;

let names: ReadonlySet<string> | undefined;
const images = new Map<string, string | null>();

function known(): ReadonlySet<string> {
  names ??= new Set(readdirSync(EMOJI_DIR).filter((name) => name.endsWith(".svg")).map((name) => name.slice(0, -".svg".length)));
  return names;
}

/** Twemoji's file names: code points in hex joined by "-", some with the emoji variation selector and some without. */
function fileName(cluster: string): string | null {
  const points = Array.from(cluster, (char) => char.codePointAt(0)!.toString(16));
  const exact = points.join("-");
  if (known().has(exact)) return exact;
  const bare = points.filter((point) => point !== "fe0f").join("-");
  return known().has(bare) ? bare : null;
}

/** The grapheme cluster as an SVG data: URL, or null when it is not an emoji Twemoji draws. */
export function emojiImage(cluster: string): string | null {
  if (!MAYBE_EMOJI.test(cluster)) return null;
  const cached = images.get(cluster);
  if (cached !== undefined) return cached;
  const name = fileName(cluster);
  const image = name ? `data:image/svg+xml;base64,${readFileSync(path.join(EMOJI_DIR, `${name}.svg`)).toString("base64")}` : null;
  if (images.size < 2000) images.set(cluster, image);
  return image;
}
