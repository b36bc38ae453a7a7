/** @jest-environment node */
// Image uploads with S3 configured: POST /api/guilds/{id}/images stores the
// re-encoded image in a bucket of the loopback fake S3 (test/fakes/s3-server.ts,
// which checks every SigV4 signature), and GET /api/uploads/{key} serves it back
// from there with immutable caching. Nothing lands in the local uploads folder.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { POST as upload } from "@/app/api/guilds/[guildId]/images/route";
import { GET as serve } from "@/app/api/uploads/[key]/route";
import { getDb } from "@/lib/db/client";
import { uploads } from "@/lib/db/schema";
import { IMMUTABLE_CACHE_CONTROL } from "@/lib/storage/s3";
import { readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { startFakeS3, type FakeS3 } from "@/test/fakes/s3-server";
import { callForm, imageForm } from "@/test/multipart-client";
import { call, type CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { clearEnv, setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";

type Created = { id: string; url: string; width: number; height: number; content_type: string; bytes: number };

const BUCKET = "guildhall-images";
const SECRET = "fake-s3-secret-key/0123456789+abcdef";
const S3_KEYS = ["S3_ENDPOINT", "S3_BUCKET", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"];

// A local folder that must stay empty: with S3 configured nothing is written there.
const uploadsDir = mkdtempSync(path.join(tmpdir(), "guildhall-uploads-s3-test-"));
setEnv({ UPLOADS_DIR: uploadsDir });

let fake: FakeS3;
let harness: EmulatorHarness;
let ada: CookieJar;
let guild: string;

beforeAll(async () => {
  fake = await startFakeS3({ accessKeyId: "GUILDHALLS3TEST", secretAccessKey: SECRET, region: "eu-central-1", buckets: [BUCKET] });
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  configureS3();
  ada = await signedInJar(harness);
  guild = addScratchGuild(harness, "workshop");
});
afterAll(async () => {
  await harness.stop();
  await fake.stop();
  clearEnv(S3_KEYS);
  rmSync(uploadsDir, { recursive: true, force: true });
});
beforeEach(() => {
  configureS3();
  fake.requests.length = 0;
});

function configureS3(overrides: Record<string, string> = {}) {
  setEnv({
    S3_ENDPOINT: fake.url,
    S3_BUCKET: BUCKET,
    S3_REGION: "eu-central-1",
    S3_ACCESS_KEY_ID: "GUILDHALLS3TEST",
    S3_SECRET_ACCESS_KEY: SECRET,
    S3_FORCE_PATH_STYLE: "true",
    ...overrides,
  });
}

const noise = (width: number, height: number) => sharp(randomBytes(width * height * 3), { raw: { width, height, channels: 3 } });
const send = (form: FormData) => callForm(upload, `/api/guilds/${guild}/images`, form, { jar: ada, params: { guildId: guild } });
const fetchUpload = (key: string, headers?: Record<string, string>) => call(serve, `/api/uploads/${key}`, { params: { key }, headers });
const keyOf = (image: Created) => image.url.slice("/api/uploads/".length);
const calls = () => fake.requests.map((request) => `${request.method} ${request.status}`);

async function created(response: Response): Promise<Created> {
  const body = await readBody(response);
  if (response.status !== 201) throw new Error(`expected 201, got ${response.status}: ${JSON.stringify(body)}`);
  return body as Created;
}

async function rowsOf(key: string) {
  return (await getDb()).select().from(uploads).where(eq(uploads.key, key));
}

describe("image uploads with S3 storage", () => {
  it("uploads a PNG into the bucket and serves it back with long-lived caching", async () => {
    const png = await noise(40, 30).png().toBuffer();
    const image = await created(await send(imageForm(png, { name: "picture.png", type: "image/png" })));
    expect(image).toMatchObject({ url: expect.stringMatching(/^\/api\/uploads\/[0-9a-f]{64}\.png$/), width: 40, height: 30, content_type: "image/png" });
    const key = keyOf(image);

    // In the bucket, signed and accepted by the fake, with the type and cache headers; not on disk.
    expect(calls()).toEqual(["HEAD 404", "PUT 200"]);
    const object = fake.bucket(BUCKET).get(key)!;
    expect(object).toMatchObject({ contentType: "image/png", cacheControl: IMMUTABLE_CACHE_CONTROL });
    expect(object.bytes.byteLength).toBe(image.bytes);
    expect(readdirSync(uploadsDir)).toEqual([]);
    expect(await rowsOf(key)).toEqual([expect.objectContaining({ id: image.id, guildId: guild, key, bytes: image.bytes })]);

    fake.requests.length = 0;
    const served = await fetchUpload(key);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-length")).toBe(String(image.bytes));
    const etag = served.headers.get("etag");
    expect(etag).toBe(`"${key.slice(0, 64)}"`);
    const bytes = Buffer.from(await served.arrayBuffer());
    expect(bytes.equals(object.bytes)).toBe(true);
    expect(await sharp(bytes).metadata()).toMatchObject({ format: "png", width: 40, height: 30 });
    expect(calls()).toEqual(["GET 200"]);

    // Revalidation asks the bucket whether the object is there, without downloading it.
    fake.requests.length = 0;
    const again = await fetchUpload(key, { "if-none-match": etag! });
    expect(again.status).toBe(304);
    expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(calls()).toEqual(["HEAD 200"]);
  });

  it("stores the same image once however often it is uploaded", async () => {
    const jpeg = await noise(16, 16).jpeg().toBuffer();
    const first = await created(await send(imageForm(jpeg, { name: "a.jpg", type: "image/jpeg" })));
    const second = await created(await send(imageForm(jpeg, { name: "b.jpg", type: "image/jpeg" })));
    expect(second.url).toBe(first.url);
    expect(second.id).not.toBe(first.id);
    expect(calls()).toEqual(["HEAD 404", "PUT 200", "HEAD 200"]);
    expect(await rowsOf(keyOf(first))).toHaveLength(2);
  });

  it("answers 404 for a key the bucket does not hold, also on revalidation", async () => {
    const key = `${"0".repeat(64)}.png`;
    const response = await fetchUpload(key);
    expect(response.status).toBe(404);
    expect(await readBody(response)).toMatchObject({ code: "upload_not_found" });
    expect((await fetchUpload(key, { "if-none-match": `"${"0".repeat(64)}"` })).status).toBe(404);
    expect(calls()).toEqual(["GET 404", "HEAD 404"]);
  });

  it("answers 503 and stores nothing when the bucket refuses the credentials, and logs why", async () => {
    const existing = await created(await send(imageForm(await noise(8, 8).png().toBuffer())));
    configureS3({ S3_SECRET_ACCESS_KEY: "not-the-secret" });
    const logged = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      const objectsBefore = [...fake.bucket(BUCKET).keys()];
      const png = await noise(9, 9).png().toBuffer();
      const refused = await send(imageForm(png));
      expect(refused.status).toBe(503);
      expect(await readBody(refused)).toMatchObject({ code: "storage_unavailable", status_code: 503 });
      expect([...fake.bucket(BUCKET).keys()]).toEqual(objectsBefore);
      expect(fake.requests.filter((request) => request.method === "PUT").map((request) => request.status)).toEqual([200, 403]);
      const unreadable = await fetchUpload(keyOf(existing));
      expect(unreadable.status).toBe(503);
      expect(logged.mock.calls.map((args) => String(args[1]))).toEqual([
        expect.stringMatching(/S3 PUT guildhall-images\/[0-9a-f]{64}\.png failed: 403 SignatureDoesNotMatch.*S3_SECRET_ACCESS_KEY/),
        expect.stringMatching(/S3 GET guildhall-images\/[0-9a-f]{64}\.png failed: 403 SignatureDoesNotMatch.*S3_SECRET_ACCESS_KEY/),
      ]);
      expect(JSON.stringify(logged.mock.calls)).not.toContain("not-the-secret");
    } finally {
      logged.mockRestore();
    }
    configureS3();
    expect((await fetchUpload(keyOf(existing))).status).toBe(200);
  });
});
