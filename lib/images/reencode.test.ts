/** @jest-environment node */
import { randomBytes } from "node:crypto";
import sharp from "sharp";
import { ApiError } from "@/lib/http/api-error";
import { inspectImage } from "./inspect";
import { reencodeImage } from "./reencode";

const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
const reencode = async (input: Uint8Array) => reencodeImage(input, await inspectImage(input));

describe("reencodeImage", () => {
  it.each([
    ["PNG → PNG", () => noise(12, 8).png().toBuffer(), "image/png", "png"],
    ["JPEG → JPEG", () => noise(12, 8).jpeg().toBuffer(), "image/jpeg", "jpeg"],
    ["static GIF → PNG", () => noise(12, 8).gif().toBuffer(), "image/png", "png"],
    ["WebP → WebP", () => noise(12, 8).webp().toBuffer(), "image/webp", "webp"],
  ])("%s", async (_name, make, contentType, format) => {
    const output = await reencode(new Uint8Array(await make()));
    expect(output).toMatchObject({ contentType, width: 12, height: 8 });
    expect((await sharp(output.bytes).metadata()).format).toBe(format);
  });

  it("keeps animated GIFs animated", async () => {
    const frames = 3;
    const pixels = Buffer.concat([[255, 0, 0], [0, 255, 0], [0, 0, 255]].map((colour) => Buffer.alloc(10 * 6 * 3, Buffer.from(colour))));
    const input = await sharp(pixels, { raw: { width: 10, height: 6 * frames, channels: 3, pageHeight: 6 } }).gif().toBuffer();
    const output = await reencode(new Uint8Array(input));
    expect(output).toMatchObject({ contentType: "image/gif", extension: "gif", width: 10, height: 6 });
    expect((await sharp(output.bytes).metadata()).pages).toBe(frames);
  });

  it("drops metadata and anything appended to the image", async () => {
    const jpeg = await noise(16, 16).jpeg().withExif({ IFD0: { Copyright: "SECRET-EXIF-MARKER" } }).toBuffer();
    expect(jpeg.includes("SECRET-EXIF-MARKER")).toBe(true);
    const cleaned = await reencode(new Uint8Array(jpeg));
    expect(Buffer.from(cleaned.bytes).includes("SECRET-EXIF-MARKER")).toBe(false);
    const polyglot = Buffer.concat([await noise(16, 16).png().toBuffer(), Buffer.from("<script>APPENDED-PAYLOAD</script>")]);
    const png = await reencode(new Uint8Array(polyglot));
    expect(Buffer.from(png.bytes).includes("APPENDED-PAYLOAD")).toBe(false);
  });

  it("applies the EXIF orientation before dropping it", async () => {
    const rotated = await noise(20, 10).jpeg().withMetadata({ orientation: 6 }).toBuffer();
    expect(await reencode(new Uint8Array(rotated))).toMatchObject({ width: 10, height: 20 });
  });

  it("refuses a truncated image with 400 image_invalid", async () => {
    for (const make of [() => noise(64, 64).png().toBuffer(), () => noise(64, 64).jpeg().toBuffer()]) {
      const whole = await make();
      const error = await reencode(new Uint8Array(whole.subarray(0, whole.length >> 1))).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, code: "image_invalid" });
    }
  });
});
