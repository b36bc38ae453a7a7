import "server-only";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fontCoverage, type Coverage } from "./cmap";

// Fonts the card is drawn with, all read from disk (nothing from the web). DejaVu Sans,
// where the system has it (Debian's fonts-dejavu-core, which Chromium pulls in), covers
// Latin, Greek and Cyrillic in regular and bold. Without it, the card falls back to the
// Latin-only Noto Sans that next/og ships. `coverage` lists what every loaded weight can
// draw, so the text can be cut to it (text.ts) and no font is ever fetched.

export type CardFont = { name: string; data: ArrayBuffer; weight: 400 | 700; style: "normal" };
export type CardFonts = { family: string; fonts: CardFont[]; coverage: Coverage[] };

const SYSTEM_FAMILIES = [
  {
    family: "DejaVu Sans",
    files: { 400: "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", 700: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf" },
  },
] as const;

/** next/og's own font (Latin only, regular), shipped in the next package. */
const BUNDLED = { family: "Noto Sans", file: path.join(process.cwd(), "node_modules/next/dist/compiled/@vercel/og/noto-sans-v27-latin-regular.ttf") };

/** Printable ASCII and Latin-1: what any Latin font has, if even the bundled file cannot be read. */
const LATIN_1: Coverage = new Set([...range(0x20, 0x7e), ...range(0xa0, 0xff)]);

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, index) => from + index);
}

function asArrayBuffer(file: Buffer): ArrayBuffer {
  return file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength) as ArrayBuffer;
}

/** Intersection: a character counts only when every weight has it (a bold name must not miss a glyph). */
function common(sets: Coverage[]): Coverage {
  const [first, ...rest] = sets;
  return new Set([...(first ?? [])].filter((point) => rest.every((set) => set.has(point))));
}

async function load(): Promise<CardFonts> {
  for (const candidate of SYSTEM_FAMILIES) {
    try {
      const [regular, bold] = await Promise.all([readFile(candidate.files[400]), readFile(candidate.files[700])]);
      return {
        family: candidate.family,
        fonts: [
          { name: candidate.family, data: asArrayBuffer(regular), weight: 400, style: "normal" },
          { name: candidate.family, data: asArrayBuffer(bold), weight: 700, style: "normal" },
        ],
        coverage: [common([fontCoverage(regular), fontCoverage(bold)])],
      };
    } catch {
      // Not on this system: try the next one.
    }
  }
  try {
    const regular = await readFile(BUNDLED.file);
    return { family: BUNDLED.family, fonts: [{ name: BUNDLED.family, data: asArrayBuffer(regular), weight: 400, style: "normal" }], coverage: [fontCoverage(regular)] };
  } catch {
    // next/og still draws with the same font from its own copy; keep to what it surely has.
    return { family: BUNDLED.family, fonts: [], coverage: [LATIN_1] };
  }
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
