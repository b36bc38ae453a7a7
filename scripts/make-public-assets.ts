// `npm run assets`: draws the files under public/ (icons, favicon.ico, the social preview
// image og.png) and writes the web app manifest, all from lib/brand/, the card editor's
// preset thumbnails' stylesheet from lib/card-drawing/presets.ts, and the versions of the emoji
// picker's data (components/emoji-picker/data-versions.ts). Run it after changing the mark, the
// tagline, the manifest or the emoji data (a new emojibase-data), and commit what it writes.
//
// Offline and the same on every machine: text is set in DejaVu Sans from the
// `dejavu-fonts-ttf` package (a dependency), which fontconfig is pointed at alone, so no
// system or web font is ever used.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { FAVICON_ICO_SIZES, MANIFEST_FILE, OG_IMAGE, PNG_ICONS, SITE_NAME, TAGLINE, webManifest } from "../lib/brand/assets";
import { markSvg } from "../lib/brand/mark";
import { PRESET_CSS_FILE, presetCss } from "../lib/card-drawing/preset-css";
import { EMOJI_VERSIONS_FILE, emojiVersionsModule } from "../components/emoji-picker/unicode-data";

const root = process.cwd();
const publicDir = path.join(root, "public");
const fontDir = path.join(root, "node_modules", "dejavu-fonts-ttf", "ttf");

// Design tokens of app/globals.css the preview image uses.
const BG = "#0b0d12"; // --bg
const TEXT = "#e8ebf2"; // --text
const TEXT_MUTED = "#aeb5c6"; // --text-muted
const GLOW_BLUE = "#4f7cff"; // the landing hero's glow (landing.module.css)
const GLOW_CYAN = "#22d3ee"; // --highlight
const FONT = "DejaVu Sans";

/** fontconfig reads FONTCONFIG_FILE when sharp first sets text, so this runs before sharp loads. */
function pointFontconfigAtBundledFonts(): () => void {
  const dir = mkdtempSync(path.join(tmpdir(), "guildhall-fonts-"));
  const config = `<?xml version="1.0"?>\n<!DOCTYPE fontconfig SYSTEM "fonts.dtd">\n<fontconfig><dir>${fontDir}</dir><cachedir>${dir}</cachedir></fontconfig>\n`;
  writeFileSync(path.join(dir, "fonts.conf"), config);
  process.env.FONTCONFIG_FILE = path.join(dir, "fonts.conf");
  return () => rmSync(dir, { recursive: true, force: true });
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** 1200 × 630: the mark, the name and the tagline, centred (crops to a square keep them). */
function ogSvg(): string {
  const { width, height } = OG_IMAGE;
  const markSize = 168;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <radialGradient id="blue" gradientUnits="userSpaceOnUse" cx="600" cy="0" r="620" gradientTransform="translate(600 0) scale(1.2 0.85) translate(-600 0)">
      <stop offset="0" stop-color="${GLOW_BLUE}" stop-opacity="0.34"/>
      <stop offset="1" stop-color="${GLOW_BLUE}" stop-opacity="0"/>
    </radialGradient>
    <radialGradient id="cyan" gradientUnits="userSpaceOnUse" cx="1040" cy="110" r="360">
      <stop offset="0" stop-color="${GLOW_CYAN}" stop-opacity="0.16"/>
      <stop offset="1" stop-color="${GLOW_CYAN}" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${width}" height="${height}" fill="${BG}"/>
  <rect width="${width}" height="${height}" fill="url(#blue)"/>
  <rect width="${width}" height="${height}" fill="url(#cyan)"/>
  <g transform="translate(${(width - markSize) / 2} 122)">${markSvg({ size: markSize })}</g>
  <text x="${width / 2}" y="422" text-anchor="middle" font-family="${FONT}" font-weight="700" font-size="104" fill="${TEXT}">${escapeXml(SITE_NAME)}</text>
  <text x="${width / 2}" y="496" text-anchor="middle" font-family="${FONT}" font-size="36" fill="${TEXT_MUTED}">${escapeXml(TAGLINE)}</text>
</svg>
`;
}

/** A .ico holding PNG images (read by every browser since IE Vista-era and by crawlers). */
function icoOf(images: { size: number; png: Buffer }[]): Buffer {
  const header = Buffer.alloc(6);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2); // 1: icon
  header.writeUInt16LE(images.length, 4);
  let offset = 6 + 16 * images.length;
  const entries = images.map(({ size, png }) => {
    const entry = Buffer.alloc(16);
    entry.writeUInt8(size >= 256 ? 0 : size, 0);
    entry.writeUInt8(size >= 256 ? 0 : size, 1);
    entry.writeUInt8(0, 2); // no palette
    entry.writeUInt8(0, 3);
    entry.writeUInt16LE(1, 4); // colour planes
    entry.writeUInt16LE(32, 6); // bits per pixel
    entry.writeUInt32LE(png.length, 8);
    entry.writeUInt32LE(offset, 12);
    offset += png.length;
    return entry;
  });
  return Buffer.concat([header, ...entries, ...images.map((image) => image.png)]);
}

async function main() {
  const cleanUp = pointFontconfigAtBundledFonts();
  try {
    const { default: sharp } = await import("sharp");
    const png = (svg: string) => sharp(Buffer.from(svg)).png({ compressionLevel: 9, adaptiveFiltering: true }).toBuffer();
    mkdirSync(publicDir, { recursive: true });
    const write = (file: string, data: string | Buffer) => {
      writeFileSync(path.join(publicDir, file), data);
      console.log(`public/${file} (${data.length} bytes)`);
    };

    write("icon.svg", `${markSvg({ size: 32 })}\n`);
    for (const icon of PNG_ICONS) {
      write(icon.file, await png(markSvg({ size: icon.size, shape: icon.shape, glyphScale: "glyphScale" in icon ? icon.glyphScale : 1 })));
    }
    write("favicon.ico", icoOf(await Promise.all(FAVICON_ICO_SIZES.map(async (size) => ({ size, png: await png(markSvg({ size })) })))));
    write(OG_IMAGE.file, await png(ogSvg()));

    const english = JSON.parse(readFileSync(path.join(root, "messages", "en.json"), "utf8")) as { meta: { description: string } };
    write(MANIFEST_FILE, `${JSON.stringify(webManifest(english.meta.description), null, 2)}\n`);

    const css = presetCss();
    writeFileSync(path.join(root, PRESET_CSS_FILE), css);
    console.log(`${PRESET_CSS_FILE} (${css.length} bytes)`);

    const versions = emojiVersionsModule();
    writeFileSync(path.join(root, EMOJI_VERSIONS_FILE), versions);
    console.log(`${EMOJI_VERSIONS_FILE} (${versions.length} bytes)`);
  } finally {
    cleanUp();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
