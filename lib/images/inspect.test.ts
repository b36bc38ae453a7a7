/** @jest-environment node */
import { randomBytes } from "node:crypto";
import { deflateSync } from "node:zlib";
import sharp from "sharp";
import { ApiError } from "@/lib/http/api-error";
import { detectImageType, inspectImage, MAX_IMAGE_BYTES, MAX_IMAGE_FRAMES } from "./inspect";

const bytes = (...values: Array<number | string>) =>
  new Uint8Array(values.flatMap((value) => (typeof value === "string" ? Array.from(value, (char) => char.charCodeAt(0)) : [value])));
const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
/** An animation whose frames all differ (the GIF encoder merges identical neighbours). */
function animation(width: number, height: number, frames: number) {
  const pixels = Buffer.alloc(width * height * frames * 3);
  // Black frames, each with one white pixel in a different place than the frame before.
  for (let frame = 0; frame < frames; frame++) pixels.fill(255, (frame * width * height + (frame % (width * height))) * 3, (frame * width * height + (frame % (width * height)) + 1) * 3);
  return sharp(pixels, { raw: { width, height: height * frames, channels: 3, pageHeight: height } });
}

/** A PNG whose header claims any size, with one tiny (wrong) IDAT: what a decompression bomb looks like from outside. */
function pngClaiming(width: number, height: number): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  return new Uint8Array(Buffer.concat([Buffer.from(PNG_SIGNATURE), chunk("IHDR", header), chunk("IDAT", deflateSync(Buffer.alloc(16))), chunk("IEND", Buffer.alloc(0))]));
}

function crc32(data: Buffer): number {
  let crc = 0xffffffff;
  for (const byte of data) {
    crc ^= byte;
    for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
  }
  return (crc ^ 0xffffffff) >>> 0;
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; code: string }> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, code: error.code };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("detectImageType (magic bytes)", () => {
  it.each([
    ["PNG", bytes(...PNG_SIGNATURE, 0, 0, 0, 13), "png"],
    ["JPEG (JFIF)", bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10, "JFIF"), "jpeg"],
    ["JPEG (Exif)", bytes(0xff, 0xd8, 0xff, 0xe1), "jpeg"],
    ["GIF87a", bytes("GIF87a", 1, 0, 1, 0), "gif"],
    ["GIF89a", bytes("GIF89a", 1, 0, 1, 0), "gif"],
    ["WebP", bytes("RIFF", 0x24, 0, 0, 0, "WEBPVP8 "), "webp"],
  ] as const)("recognises %s", (_name, input, type) => {
    expect(detectImageType(input)).toBe(type);
  });

  it.each([
    ["an empty file", bytes()],
    ["plain text", new TextEncoder().encode("hello, this is not an image\n")],
    ["an SVG", new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ["HTML", new TextEncoder().encode("<!doctype html><script>alert(1)</script>")],
    ["a PDF", bytes("%PDF-1.7")],
    ["a BMP", bytes("BM", 0, 0, 0, 0)],
    ["a RIFF WAVE", bytes("RIFF", 0x24, 0, 0, 0, "WAVEfmt ")],
    ["a RIFF too short for WEBP", bytes("RIFF", 0, 0, 0, 0, "WEB")],
    ["GIF88a", bytes("GIF88a")],
    ["the PNG signature cut short", bytes(...PNG_SIGNATURE.slice(0, 7))],
    ["a PNG signature with a wrong byte", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b)],
    ["two bytes of JPEG", bytes(0xff, 0xd8)],
    ["a PNG signature not at the start", bytes(0, ...PNG_SIGNATURE)],
  ])("refuses %s", (_name, input) => {
    expect(detectImageType(input)).toBeNull();
  });

  it("ignores what a name or declared type would say: only bytes count", async () => {
    const jpeg = new Uint8Array(await noise(4, 4).jpeg().toBuffer());
    expect(detectImageType(jpeg)).toBe("jpeg");
  });
});

describe("inspectImage", () => {
  it("reads type and size of real images", async () => {
    expect(await inspectImage(await noise(30, 20).png().toBuffer())).toEqual({ type: "png", width: 30, height: 20, frames: 1, animated: false });
    expect(await inspectImage(await noise(30, 20).jpeg().toBuffer())).toMatchObject({ type: "jpeg", width: 30, height: 20 });
    expect(await inspectImage(await noise(30, 20).webp().toBuffer())).toMatchObject({ type: "webp", width: 30, height: 20, animated: false });
    expect(await inspectImage(await animation(8, 6, 3).gif().toBuffer())).toEqual({ type: "gif", width: 8, height: 6, frames: 3, animated: true });
  });

  it("accepts 4096 on a side and refuses 4097 before decoding anything", async () => {
    expect(await inspectImage(await noise(4096, 1).png().toBuffer())).toMatchObject({ width: 4096, height: 1 });
    expect(await refusal(inspectImage(await noise(4097, 1).png().toBuffer()))).toEqual({ status: 400, code: "image_too_large_dimensions" });
    expect(await refusal(inspectImage(await noise(1, 4097).png().toBuffer()))).toEqual({ status: 400, code: "image_too_large_dimensions" });
    expect(await refusal(inspectImage(pngClaiming(100_000, 100_000)))).toEqual({ status: 400, code: "image_too_large_dimensions" });
  });

  it("refuses animations with too many frames", async () => {
    expect(await refusal(inspectImage(await animation(2, 2, MAX_IMAGE_FRAMES + 1).gif().toBuffer()))).toEqual({ status: 400, code: "image_too_many_frames" });
  });

  it("refuses unknown types with 415, damaged headers with 400 and oversized files with 413", async () => {
    expect(await refusal(inspectImage(new TextEncoder().encode("just text")))).toEqual({ status: 415, code: "image_type_unsupported" });
    expect(await refusal(inspectImage(bytes(...PNG_SIGNATURE, 1, 2, 3)))).toEqual({ status: 400, code: "image_invalid" });
    // GIF magic followed by a PNG: the container sharp sees must be the one the bytes name.
    const png = await noise(4, 4).png().toBuffer();
    expect(await refusal(inspectImage(new Uint8Array([...bytes("GIF89a"), ...png])))).toEqual({ status: 400, code: "image_invalid" });
    expect(await refusal(inspectImage(new Uint8Array(MAX_IMAGE_BYTES + 1)))).toEqual({ status: 413, code: "image_too_large" });
  });
});
