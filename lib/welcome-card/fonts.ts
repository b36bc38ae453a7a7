import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fontCoverage, type Coverage } from "./cmap";

// Fonts the card is drawn with: DejaVu Sans (Latin, Greek, Cyrillic, regular and bold),
// shipped by the `dejavu-fonts-ttf` package the project installs, so a card looks the same
// on every machine and no font is ever fetched. `coverage` lists what every loaded weight
// can draw, so the text can be cut to it (text.ts).

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
