import "server-only";
import type { ReactElement } from "react";
import { ImageResponse } from "next/og";
import sharp from "sharp";
import type { PresetId } from "./background";
import { getCardFonts, type CardFonts } from "./fonts";
import { CARD_HEIGHT, CARD_WIDTH, type Preset } from "./presets";

// What every card drawing shares: a React element to PNG bytes through next/og (satori),
// with the given fonts only, and the preset backgrounds drawn once as pictures.

export type Size = { width: number; height: number };

/** The element as PNG bytes of `size`. */
export async function toPng(element: ReactElement, fonts: CardFonts, size: Size): Promise<Uint8Array> {
  const response = new ImageResponse(element, { ...size, ...(fonts.fonts.length > 0 && { fonts: fonts.fonts }) });
  // Read it all here, so a drawing failure is an exception and never half an image.
  return new Uint8Array(await response.arrayBuffer());
}

// Layered gradients are the slowest thing to draw: each preset is drawn once per
// process (CARD_WIDTH × CARD_HEIGHT) and then laid under a card as a picture, like an
// uploaded background, cropped to the card's own size.
const presetImages = new Map<PresetId, Promise<string>>();

export function presetImage(preset: Preset): Promise<string> {
  let image = presetImages.get(preset.id);
  if (!image) {
    image = (async () => {
      const fonts = await getCardFonts();
      const png = await toPng(<div style={{ width: "100%", height: "100%", display: "flex", backgroundColor: preset.color, backgroundImage: preset.image }} />, fonts, { width: CARD_WIDTH, height: CARD_HEIGHT });
      const jpeg = await sharp(png).jpeg({ quality: 90 }).toBuffer();
      return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
    })();
    image.catch(() => presetImages.delete(preset.id));
    presetImages.set(preset.id, image);
  }
  return image;
}

/** A picture the renderer may draw: only data: URLs, so it never fetches one. */
export const isDataUrl = (value: string | null): value is string => typeof value === "string" && /^data:image\/(png|jpeg|gif);base64,/.test(value);
