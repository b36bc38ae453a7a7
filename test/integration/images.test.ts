/** @jest-environment node */
// Image uploads (POST /api/guilds/{id}/images) and serving (GET /api/uploads/{key}):
// real images pass and come back re-encoded with immutable caching; every refused
// upload leaves the uploads folder and table exactly as they were.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { asc } from "drizzle-orm";
import sharp from "sharp";
import { POST as upload } from "@/app/api/guilds/[guildId]/images/route";
import { GET as serve } from "@/app/api/uploads/[key]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { uploads } from "@/lib/db/schema";
import { resetEnvCache } from "@/lib/env";
import { MAX_IMAGE_BYTES } from "@/lib/images/inspect";
import { NUL_ISSUE } from "@/lib/validation/text";
import { isEnvelope, readBody, type Envelope } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { MAX_FORM_BYTES } from "@/lib/images/form";
import { callBinary, callForm, countingStream, encodeForm, imageForm } from "@/test/multipart-client";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";
import { fieldIssue } from "@/lib/validation/server-messages";

type Created = { id: string; key: string; url: string; width: number; height: number; content_type: string; bytes: number };

// This file's own uploads folder, set before anything reads the environment.
const uploadsDir = mkdtempSync(path.join(tmpdir(), "guildhall-uploads-test-"));
process.env.UPLOADS_DIR = uploadsDir;
resetEnvCache();

let harness: EmulatorHarness;
let ada: CookieJar;
let bjorn: CookieJar;
let guild: string; // a copy of workshop: Ada owns it, bjorn is a plain member

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  resetEnvCache();
  [ada, bjorn] = [await signedInJar(harness), await signedInJar(harness, USER_IDS.bjorn)];
  guild = addScratchGuild(harness, "workshop");
});
afterAll(async () => {
  await harness.stop();
  rmSync(uploadsDir, { recursive: true, force: true });
});

const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
const url = (id = guild) => `/api/guilds/${id}/images`;
const send = (form: FormData, jar: CookieJar = ada, options: Parameters<typeof callForm>[3] = {}) => callForm(upload, url(), form, { jar, params: { guildId: guild }, ...options });
const fetchUpload = (key: string, headers?: Record<string, string>) => call(serve, `/api/uploads/${key}`, { params: { key }, headers });

function filesIn(dir = uploadsDir): Record<string, string> {
  return Object.fromEntries(
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile())
      .map((entry) => {
        const file = path.join(entry.parentPath, entry.name);
        return [path.relative(uploadsDir, file), readFileSync(file).toString("base64").slice(0, 64)];
      }),
  );
}

async function tableRows() {
  return (await getDb()).select().from(uploads).orderBy(asc(uploads.id));
}

/** Runs a request that must be refused, and checks that neither the folder nor the table changed. */
async function refused(request: () => Promise<Response>, status: number, code: string) {
  const [filesBefore, rowsBefore] = [filesIn(), await tableRows()];
  const response = await request();
  const body = await readBody(response);
  expect({ status: response.status, body }).toMatchObject({ status, body: { code, status_code: status } });
  expect(isEnvelope(body, status)).toBe(true);
  expect(filesIn()).toEqual(filesBefore);
  expect(await tableRows()).toEqual(rowsBefore);
}

async function created(response: Response): Promise<Created> {
  const body = await readBody(response);
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Created;
}

const keyOf = (image: Created) => image.url.slice("/api/uploads/".length);

describe("POST /api/guilds/{id}/images", () => {
  it("stores a real PNG, re-encoded, and serves it back with immutable caching", async () => {
    const png = await noise(40, 30).png().toBuffer();
    const image = await created(await send(imageForm(png, { name: "picture.png", type: "image/png" })));
    expect(image).toEqual({ id: expect.any(String), key: expect.stringMatching(/^[0-9a-f]{64}\.png$/), url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f]{64}\.png$/), width: 40, height: 30, content_type: "image/png", bytes: expect.any(Number) });

    const key = keyOf(image);
    expect(image.key).toBe(key);
    const stored = readFileSync(path.join(uploadsDir, key.slice(0, 2), key));
    expect(stored.byteLength).toBe(image.bytes);
    const [row] = (await tableRows()).filter((item) => item.id === image.id);
    expect(row).toMatchObject({ guildId: guild, userId: USER_IDS.ada, pluginId: null, key, contentType: "image/png", bytes: image.bytes, width: 40, height: 30 });

    const served = await fetchUpload(key);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const etag = served.headers.get("etag");
    expect(etag).toBe(`"${key.slice(0, 64)}"`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(stored)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 40, height: 30 });

    const again = await fetchUpload(key, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
  });

  it("stores a real JPEG as JPEG without its metadata, tagged with a plugin when asked", async () => {
    const jpeg = await noise(64, 48).jpeg({ quality: 95 }).withExif({ IFD0: { Copyright: "EXIF-MARKER-SHOULD-GO" } }).toBuffer();
    // Name and declared type lie: only the bytes count.
    const image = await created(await send(imageForm(jpeg, { name: "photo.png", type: "image/png", extra: { plugin_id: "welcome" } })));
    expect(image).toMatchObject({ width: 64, height: 48, content_type: "image/jpeg", url: expect.stringMatching(/\.jpg$/) });
    const [row] = (await tableRows()).filter((item) => item.id === image.id);
    expect(row).toMatchObject({ pluginId: "welcome", contentType: "image/jpeg" });

    const served = await fetchUpload(keyOf(image));
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/jpeg");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.includes("EXIF-MARKER-SHOULD-GO")).toBe(false);
    expect(bytes.equals(jpeg)).toBe(false);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "jpeg", width: 64, height: 48 });
  });

  it("stores the same image once however often it is uploaded, one row per upload", async () => {
    const png = await noise(10, 10).png().toBuffer();
    const first = await created(await send(imageForm(png)));
    const filesAfterFirst = filesIn();
    const second = await created(await send(imageForm(png)));
    expect(second.url).toBe(first.url);
    expect(second.id).not.toBe(first.id);
    expect(filesIn()).toEqual(filesAfterFirst);
  });

  it("keeps animated GIFs animated and turns static ones into PNG", async () => {
    const frames = Buffer.concat([[255, 0, 0], [0, 255, 0], [0, 0, 255]].map((colour) => Buffer.alloc(12 * 8 * 3, Buffer.from(colour))));
    const animated = await sharp(frames, { raw: { width: 12, height: 8 * 3, channels: 3, pageHeight: 8 } }).gif().toBuffer();
    expect(await created(await send(imageForm(animated, { name: "a.gif", type: "image/gif" })))).toMatchObject({ content_type: "image/gif", width: 12, height: 8 });
    const still = await noise(12, 8).gif().toBuffer();
    expect(await created(await send(imageForm(still, { name: "b.gif", type: "image/gif" })))).toMatchObject({ content_type: "image/png", url: expect.stringMatching(/\.png$/) });
    expect(await created(await send(imageForm(await noise(12, 8).webp().toBuffer(), { name: "c.webp", type: "image/webp" })))).toMatchObject({ content_type: "image/webp" });
  });

  it("refuses a text file renamed to .png with 415", async () => {
    const text = new TextEncoder().encode("this is a text file, not a picture\n".repeat(20));
    await refused(() => send(imageForm(text, { name: "cat.png", type: "image/png" })), 415, "image_type_unsupported");
  });

  it("refuses a 9 MB body with 413: by its Content-Length, and by counting when the length is missing or lies", async () => {
    const big = new Uint8Array(9 * 1024 * 1024);
    big.set(await noise(8, 8).png().toBuffer());
    await refused(() => send(imageForm(big)), 413, "image_too_large");
    await refused(() => send(imageForm(big), ada, { contentLength: "omitted" }), 413, "image_too_large");
    await refused(() => send(imageForm(big), ada, { contentLength: 1000 }), 413, "image_too_large");
    // Just past 8 MB of file inside an allowed body size.
    const over = new Uint8Array(MAX_IMAGE_BYTES + 1);
    over.set(await noise(8, 8).png().toBuffer());
    await refused(() => send(imageForm(over)), 413, "image_too_large");
  });

  it("stops reading a body once it passes the limit, and reads none of one declared too large", async () => {
    const boundary = "----guildhall-test-boundary";
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`);
    const endless = countingStream(200 * 1024 * 1024, head);
    const options = { jar: ada, params: { guildId: guild } };
    await refused(() => callBinary(upload, url(), endless.stream, `multipart/form-data; boundary=${boundary}`, { ...options, contentLength: "omitted" }), 413, "image_too_large");
    expect(endless.pulled()).toBeGreaterThan(MAX_FORM_BYTES);
    expect(endless.pulled()).toBeLessThanOrEqual(MAX_FORM_BYTES + 65536);
    const declared = countingStream(200 * 1024 * 1024, head);
    await refused(() => callBinary(upload, url(), declared.stream, `multipart/form-data; boundary=${boundary}`, { ...options, contentLength: 200 * 1024 * 1024 }), 413, "image_too_large");
    expect(declared.pulled()).toBe(0);
  });

  it("refuses a truncated PNG with 400 image_invalid", async () => {
    const png = await noise(64, 64).png().toBuffer();
    await refused(() => send(imageForm(png.subarray(0, png.length >> 1))), 400, "image_invalid");
    await refused(() => send(imageForm(png.subarray(0, 20))), 400, "image_invalid");
  });

  it("refuses a multipart body cut off before its closing boundary with 400", async () => {
    const boundary = "----guildhall-test-boundary";
    const png = await noise(16, 16).png().toBuffer();
    const head = new TextEncoder().encode(`--${boundary}\r\nContent-Disposition: form-data; name="image"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`);
    const cut = new Uint8Array(head.length + png.length);
    cut.set(head);
    cut.set(png, head.length);
    // refused() also checks that no file and no row were left behind.
    await refused(() => callBinary(upload, url(), cut, `multipart/form-data; boundary=${boundary}`, { jar: ada, params: { guildId: guild } }), 400, "image_missing");
  });

  it("refuses images larger than 4096 pixels on a side with 400", async () => {
    const wide = await noise(4097, 2).png().toBuffer();
    await refused(() => send(imageForm(wide)), 400, "image_too_large_dimensions");
  });

  it("refuses requests without an image with 400 image_missing", async () => {
    const onlyPlugin = new FormData();
    onlyPlugin.set("plugin_id", "welcome");
    await refused(() => send(onlyPlugin), 400, "image_missing");
    const textField = new FormData();
    textField.set("image", "not a file");
    await refused(() => send(textField), 400, "image_missing");
    await refused(() => send(imageForm(new Uint8Array(0))), 400, "image_missing");
    await refused(() => send(imageForm(Buffer.from("x"), { field: "picture" })), 400, "image_missing");
    const small = await noise(4, 4).png().toBuffer();
    const { body, contentType } = await encodeForm(imageForm(small));
    await refused(() => callBinary(upload, url(), body.subarray(0, body.length - 30), contentType, { jar: ada, params: { guildId: guild } }), 400, "image_missing");
  });

  it("refuses any body but multipart/form-data with 415 unsupported_media_type, and multipart without a boundary with 400", async () => {
    const options = { method: "POST", jar: ada, params: { guildId: guild } };
    await refused(() => call(upload, url(), { ...options, body: { image: "data:image/png;base64,AAAA" } }), 415, "unsupported_media_type");
    const png = await noise(4, 4).png().toBuffer();
    for (const type of ["image/png", "application/octet-stream", "application/x-www-form-urlencoded", "text/plain"]) {
      await refused(() => callBinary(upload, url(), new Uint8Array(png), type, { jar: ada, params: { guildId: guild } }), 415, "unsupported_media_type");
    }
    await refused(() => call(upload, url(), { ...options, rawBody: "x", contentType: null }), 415, "unsupported_media_type");
    const { body } = await encodeForm(imageForm(png));
    await refused(() => callBinary(upload, url(), body, "multipart/form-data", { jar: ada, params: { guildId: guild } }), 400, "image_missing");
  });

  it("refuses an unknown plugin_id with 400", async () => {
    const png = await noise(6, 6).png().toBuffer();
    await refused(() => send(imageForm(png, { extra: { plugin_id: "no-such-plugin" } })), 400, "validation_failed");
    const twice = imageForm(png);
    twice.append("plugin_id", "welcome");
    twice.append("plugin_id", "welcome");
    await refused(() => send(twice), 400, "validation_failed");
    const asFile = imageForm(png);
    asFile.append("plugin_id", new File(["welcome"], "plugin.txt"));
    await refused(() => send(asFile), 400, "validation_failed");
    // The form's text fields are input like any other (a lone surrogate cannot survive FormData's UTF-8).
    await refused(() => send(imageForm(png, { extra: { plugin_id: "welcome\u0000" } })), 400, "validation_failed");
    const nul = (await readBody(await send(imageForm(png, { extra: { plugin_id: "welcome\u0000" } })))) as Envelope;
    expect(nul.fields).toEqual([fieldIssue("plugin_id.0", NUL_ISSUE)]);
  });

  it("refuses a non-manager with 403 and an anonymous caller with 401 before reading the body", async () => {
    const png = await noise(6, 6).png().toBuffer();
    await refused(() => send(imageForm(png), bjorn), 403, "guild_forbidden");
    await refused(() => callForm(upload, url(), imageForm(png), { params: { guildId: guild } }), 401, "unauthorized");
    // Even a 9 MB body gets the 403, not a 413: permission comes first.
    await refused(() => send(imageForm(new Uint8Array(9 * 1024 * 1024)), bjorn), 403, "guild_forbidden");
  });
});

describe("GET /api/uploads/{key}", () => {
  it.each(["nothing", "../../package.json", `${"a".repeat(64)}.svg`, `${"A".repeat(64)}.png`, `${"a".repeat(64)}.png.html`])("answers 404 for the invalid key %j", async (key) => {
    const response = await fetchUpload(key);
    expect(response.status).toBe(404);
    expect(isEnvelope(await readBody(response), 404)).toBe(true);
  });

  it("answers 404 for a well-formed key that was never stored", async () => {
    const response = await fetchUpload(`${"0".repeat(64)}.png`);
    expect(response.status).toBe(404);
    expect(await readBody(response)).toMatchObject({ code: "upload_not_found" });
  });
});
