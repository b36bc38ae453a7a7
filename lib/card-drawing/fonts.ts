import "server-only";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { fontCoverage, type Coverage } from "./cmap";

// Fonts the cards are drawn with, all installed from npm by the project, so a card looks
// the same on every machine and no font is ever fetched: DejaVu Sans (Latin, Greek,
// Cyrillic, Arabic, Hebrew, regular and bold) from `dejavu-fonts-ttf`, and for text in
// other scripts the fallbacks below (getNameFonts). `coverage` lists what the loaded fonts
// can draw, so the text can be cut to it (script-text.ts).

export type CardFont = { name: string; data: ArrayBuffer; weight: 400 | 700; style: "normal" };
export type CardFonts = { family: string; fonts: CardFont[]; coverage: Coverage[] };

const FAMILY = "DejaVu Sans";
const FONT_DIR = path.join(process.cwd(), "node_modules", "dejavu-fonts-ttf", "ttf");

function asArrayBuffer(file: Buffer): ArrayBuffer {
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
}

/** Intersection: a character counts only when every weight has it (a bold name must not miss a glyph). */
function common(sets: Coverage[]): Coverage {
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((point) => rest.every((set) => set.has(point))));
}

async function load(): Promise<CardFonts> {
  const [regular, bold] = await Promise.all([readFile(path.join(FONT_DIR, "DejaVuSans.ttf")), readFile(path.join(FONT_DIR, "DejaVuSans-Bold.ttf"))]);
  return {
    family: FAMILY,
    fonts: [
      { name: FAMILY, data: asArrayBuffer(regular), weight: 400, style: "normal" },
      { name: FAMILY, data: asArrayBuffer(bold), weight: 700, style: "normal" },
    ],
    coverage: [common([fontCoverage(regular), fontCoverage(bold)])],
  };
}

let loading: Promise<CardFonts> | undefined;

/** Loaded once per process. */
export function getCardFonts(): Promise<CardFonts> {
  loading ??= load().catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}

// Names may be in any script the dashboard speaks. Chinese (the `tw` locale) and Japanese
// kana come from Noto Sans TC, shipped by @fontsource as ~100 WOFF files split by Unicode
// range: each file's cmap is read once, and a card loads only the files its name needs.
// Another script is one more entry here (and its package in package.json).
const FALLBACKS = [{ family: "Noto Sans TC", dir: path.join(process.cwd(), "node_modules", "@fontsource", "noto-sans-tc", "files"), file: /^noto-sans-tc-\d+-700-normal\.woff$/ }] as const;

type Piece = { family: string; file: string; coverage: Coverage; data?: Promise<ArrayBuffer> };
type NameFontIndex = { base: CardFonts; pieces: Piece[]; coverage: Coverage[] };

async function indexFallbacks(): Promise<NameFontIndex> {
  const base = await getCardFonts();
  const pieces: Piece[] = [];
  for (const fallback of FALLBACKS) {
    const files = (await readdir(fallback.dir)).filter((name) => fallback.file.test(name)).sort();
    for (const name of files) {
      const file = path.join(fallback.dir, name);
      pieces.push({ family: fallback.family, file, coverage: fontCoverage(await readFile(file)) });
    }
  }
  return { base, pieces, coverage: [...base.coverage, ...pieces.map((piece) => piece.coverage)] };
}

let indexing: Promise<NameFontIndex> | undefined;

function nameFontIndex(): Promise<NameFontIndex> {
  indexing ??= indexFallbacks().catch((error: unknown) => {
    indexing = undefined;
    throw error;
  });
  return indexing;
}

/** Everything the name fonts can draw, for cutting text before it is known which pieces load. */
export async function nameCoverage(): Promise<Coverage[]> {
  return (await nameFontIndex()).coverage;
}

// The renderer caches parsed fonts by the identity of the list: the same pieces give the same list.
const nameFontLists = new Map<string, CardFonts>();
const NAME_FONT_LISTS_MAX = 64;

/**
 * DejaVu Sans plus the fallback pieces that draw characters of `text` DejaVu lacks;
 * the renderer picks a font per character.
 */
export async function getNameFonts(text: string): Promise<CardFonts> {
  const { base, pieces, coverage } = await nameFontIndex();
  const [dejavu] = base.coverage;
  const needed = new Set<Piece>();
  for (const char of text) {
    const point = char.codePointAt(0)!;
    if (dejavu?.has(point)) continue;
    const piece = pieces.find((candidate) => candidate.coverage.has(point));
    if (piece) needed.add(piece);
  }
  const chosen = pieces.filter((piece) => needed.has(piece));
  const key = chosen.map((piece) => piece.file).join("|");
  const known = nameFontLists.get(key);
  if (known) return known;
  const loaded = await Promise.all(chosen.map((piece) => (piece.data ??= readFile(piece.file).then(asArrayBuffer))));
  const fonts: CardFonts = {
    family: base.family,
    // The renderer keeps one font per name and weight, and tries every font outside the
    // family for a character the family lacks: each piece gets a name of its own.
    fonts: [...base.fonts, ...chosen.map((piece, index) => ({ name: `${piece.family} ${path.basename(piece.file)}`, data: loaded[index]!, weight: 700 as const, style: "normal" as const }))],
    coverage,
  };
  nameFontLists.set(key, fonts);
  if (nameFontLists.size > NAME_FONT_LISTS_MAX) nameFontLists.delete(nameFontLists.keys().next().value as string);
  return fonts;
}
