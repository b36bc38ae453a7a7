// Which characters a TrueType/OpenType font can draw, read from its `cmap` table.
// The card renderer (satori) fetches a web font for any character its fonts lack,
// and the server must not reach the web: the card's text is cut down to what
// these sets hold first (script-text.ts). Handles the Unicode subtables of format 4 and 12,
// in a TrueType/OpenType file or a WOFF one (the form npm's font packages ship).
import { inflateSync } from "node:zlib";

export type Coverage = ReadonlySet<number>;

type Subtable = { platform: number; encoding: number; offset: number };

/** The code points the font maps to a glyph other than .notdef. Throws on a file that is not a font. */
export function fontCoverage(bytes: Uint8Array): Coverage {
  const table = cmapTable(bytes);
  if (table === null) throw new Error("font has no cmap table");
  const view = new DataView(table.buffer, table.byteOffset, table.byteLength);
  const count = view.getUint16(2);
  const subtables: Subtable[] = [];
  for (let index = 0; index < count; index++) {
    const record = 4 + index * 8;
    subtables.push({ platform: view.getUint16(record), encoding: view.getUint16(record + 2), offset: view.getUint32(record + 4) });
  }
  // Full Unicode (format 12) first, then the Basic Multilingual Plane (format 4).
  const preference = (table: Subtable) => {
    const format = view.getUint16(table.offset);
    const unicode = table.platform === 0 || (table.platform === 3 && (table.encoding === 1 || table.encoding === 10));
    if (!unicode) return -1;
    return format === 12 ? 2 : format === 4 ? 1 : -1;
  };
  const best = subtables.filter((table) => preference(table) > 0).sort((a, b) => preference(b) - preference(a))[0];
  if (!best) throw new Error("font has no Unicode cmap subtable of format 4 or 12");
  return view.getUint16(best.offset) === 12 ? format12(view, best.offset) : format4(view, best.offset);
}

const WOFF_SIGNATURE = 0x774f4646; // "wOFF"

/** The bytes of the font's cmap table (inflated from a WOFF file), or null when it has none. */
function cmapTable(bytes: Uint8Array): Uint8Array | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const woff = view.getUint32(0) === WOFF_SIGNATURE;
  // sfnt: numTables at 4, 16-byte records from 12 (tag, checksum, offset, length).
  // WOFF: numTables at 12, 20-byte records from 44 (tag, offset, compressed length, length, checksum).
  const tables = view.getUint16(woff ? 12 : 4);
  for (let index = 0; index < tables; index++) {
    const record = woff ? 44 + index * 20 : 12 + index * 16;
    const name = String.fromCharCode(view.getUint8(record), view.getUint8(record + 1), view.getUint8(record + 2), view.getUint8(record + 3));
    if (name !== "cmap") continue;
    if (!woff) return bytes.subarray(view.getUint32(record + 8), view.getUint32(record + 8) + view.getUint32(record + 12));
    const offset = view.getUint32(record + 4);
    const stored = bytes.subarray(offset, offset + view.getUint32(record + 8));
    return stored.byteLength < view.getUint32(record + 12) ? new Uint8Array(inflateSync(stored)) : stored;
  }
  return null;
}

function format4(view: DataView, offset: number): Coverage {
  const segments = view.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segments * 2 + 2;
  const deltas = starts + segments * 2;
  const rangeOffsets = deltas + segments * 2;
  const covered = new Set<number>();
  for (let segment = 0; segment < segments; segment++) {
    const end = view.getUint16(ends + segment * 2);
    const start = view.getUint16(starts + segment * 2);
    const delta = view.getUint16(deltas + segment * 2);
    const rangeOffsetAt = rangeOffsets + segment * 2;
    const rangeOffset = view.getUint16(rangeOffsetAt);
    for (let code = start; code <= end && code !== 0xffff; code++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (code + delta) & 0xffff;
      else {
        const at = rangeOffsetAt + rangeOffset + (code - start) * 2;
        if (at + 2 > view.byteLength) continue;
        const raw = view.getUint16(at);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) covered.add(code);
    }
  }
  return covered;
}

function format12(view: DataView, offset: number): Coverage {
  const groups = view.getUint32(offset + 12);
  const covered = new Set<number>();
  for (let group = 0; group < groups; group++) {
    const record = offset + 16 + group * 12;
    const start = view.getUint32(record);
    const end = Math.min(view.getUint32(record + 4), 0x10ffff);
    const firstGlyph = view.getUint32(record + 8);
    for (let code = start; code <= end; code++) if (firstGlyph + (code - start) !== 0) covered.add(code);
  }
  return covered;
}
