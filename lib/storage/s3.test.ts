/** @jest-environment node */
// S3Storage against test/fakes/s3-server.ts: a real HTTP server on loopback
// that checks every signature itself. Nothing here is mocked.
import { createServer } from "node:net";
import type { S3Settings } from "@/lib/env";
import { startFakeS3, type FakeS3 } from "@/test/fakes/s3-server";
import { contentAddressedKey } from "./keys";
import { IMMUTABLE_CACHE_CONTROL, S3Error, S3Storage } from "./s3";
import { parseS3ErrorXml } from "./s3-errors";
import { EMPTY_SHA256, sha256Hex, signRequest } from "./sigv4";

const BUCKET = "guildhall-test";
const credentials = { accessKeyId: "GUILDHALLTESTKEY", secretAccessKey: "test-secret/with+odd=chars" };

let fake: FakeS3;
let settings: S3Settings;
beforeAll(async () => {
  fake = await startFakeS3({ ...credentials, region: "eu-west-3", buckets: [BUCKET, "other-bucket"] });
  settings = { endpoint: fake.url, bucket: BUCKET, region: "eu-west-3", ...credentials, forcePathStyle: true };
});
afterAll(() => fake.stop());
beforeEach(() => {
  fake.bucket(BUCKET).clear();
  fake.requests.length = 0;
  fake.setLatency(0);
});

const storage = (overrides: Partial<S3Settings> = {}, options = {}) => new S3Storage({ ...settings, ...overrides }, { retryDelayMs: 1, ...options });
const bytes = new TextEncoder().encode("pretend these are png bytes");
const key = contentAddressedKey(bytes, "png");
const methods = () => fake.requests.map((request) => request.method);

async function rejection(promise: Promise<unknown>): Promise<S3Error> {
  const error = await promise.then(
    () => {
      throw new Error("expected a rejection");
    },
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(S3Error);
  return error as S3Error;
}

describe("S3Storage round trip", () => {
  it("puts, finds, gets the same bytes and deletes", async () => {
    const s3 = storage();
    expect(await s3.exists(key)).toBe(false);
    expect(await s3.put(key, bytes, "image/png")).toEqual({ created: true });
    expect(await s3.exists(key)).toBe(true);
    const stored = await s3.get(key);
    expect(stored?.contentType).toBe("image/png");
    expect(Buffer.from(stored!.bytes).equals(Buffer.from(bytes))).toBe(true);
    await s3.delete(key);
    expect(await s3.exists(key)).toBe(false);
    expect(await s3.get(key)).toBeNull();
    await s3.delete(key); // missing: not an error
    expect(fake.requests.every((request) => request.status < 500 && request.status !== 403)).toBe(true);
  });

  it("sends a conditional, hashed PUT with the type and immutable caching, path-style", async () => {
    await storage().put(key, bytes, "image/png");
    const put = fake.requests.find((request) => request.method === "PUT")!;
    expect(put.path).toBe(`/${BUCKET}/${key}`);
    expect(put.headers).toMatchObject({
      "content-type": "image/png",
      "cache-control": IMMUTABLE_CACHE_CONTROL,
      "if-none-match": "*",
      "x-amz-content-sha256": sha256Hex(bytes),
    });
    expect(put.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=GUILDHALLTESTKEY\/\d{8}\/eu-west-3\/s3\/aws4_request, SignedHeaders=cache-control;content-type;host;if-none-match;x-amz-content-sha256;x-amz-date, Signature=[0-9a-f]{64}$/);
    const object = fake.bucket(BUCKET).get(key)!;
    expect(object).toMatchObject({ contentType: "image/png", cacheControl: IMMUTABLE_CACHE_CONTROL });
    expect(object.bytes.equals(Buffer.from(bytes))).toBe(true);
  });

  it("does not upload bytes that are already there", async () => {
    const s3 = storage();
    await s3.put(key, bytes, "image/png");
    fake.requests.length = 0;
    expect(await s3.put(key, bytes, "image/png")).toEqual({ created: false });
    expect(methods()).toEqual(["HEAD"]);
  });

  it("reports exactly one creator among concurrent writers (If-None-Match: * answers 412 to the others)", async () => {
    const s3 = storage();
    const results = await Promise.all(Array.from({ length: 6 }, () => s3.put(key, bytes, "image/png")));
    expect(results.filter((result) => result.created)).toHaveLength(1);
    expect(fake.requests.filter((request) => request.method === "PUT" && request.status === 200)).toHaveLength(1);
    expect(fake.bucket(BUCKET).size).toBe(1);
  });

  it("falls back to a plain PUT on a store without conditional writes", async () => {
    const plain = await startFakeS3({ ...credentials, region: "eu-west-3", buckets: [BUCKET], conditionalWrites: false });
    try {
      const s3 = new S3Storage({ ...settings, endpoint: plain.url });
      expect(await s3.put(key, bytes, "image/png")).toEqual({ created: true });
      expect(plain.requests.map((request) => `${request.method} ${request.status}`)).toEqual(["HEAD 404", "PUT 501", "PUT 200"]);
      expect(plain.bucket(BUCKET).get(key)?.cacheControl).toBe(IMMUTABLE_CACHE_CONTROL);
    } finally {
      await plain.stop();
    }
  });

  it("refuses keys that are not storage keys and types that do not match the key, sending nothing", async () => {
    const s3 = storage();
    await expect(s3.put("../escape.png", bytes, "image/png")).rejects.toThrow(/not a storage key/);
    await expect(s3.put(key, bytes, "text/html")).rejects.toThrow(/does not match/);
    await expect(s3.delete("../../x")).rejects.toThrow(/not a storage key/);
    expect(await s3.get("../../etc/passwd")).toBeNull();
    expect(await s3.exists("nope")).toBe(false);
    expect(fake.requests).toEqual([]);
  });
});

describe("S3Storage errors", () => {
  it("treats a missing key as not found: get is null, exists is false, delete is fine", async () => {
    const s3 = storage();
    expect(await s3.get(key)).toBeNull();
    expect(await s3.exists(key)).toBe(false);
    await s3.delete(key);
    expect(fake.requests.map((request) => `${request.method} ${request.status}`)).toEqual(["GET 404", "HEAD 404", "DELETE 204"]);
  });

  it("says the signature was refused and which setting to check when the secret is wrong", async () => {
    const s3 = storage({ secretAccessKey: "not-the-secret" });
    fake.bucket(BUCKET).set(key, { bytes: Buffer.from(bytes), contentType: "image/png", cacheControl: null, etag: '"x"', lastModified: new Date() });
    const error = await rejection(s3.get(key));
    expect(error).toMatchObject({ status: 403, code: "SignatureDoesNotMatch", operation: "GET", target: `${BUCKET}/${key}` });
    expect(error.message).toMatch(/^S3 GET guildhall-test\/[0-9a-f]{64}\.png failed: 403 SignatureDoesNotMatch; .*check S3_SECRET_ACCESS_KEY.*server says: The request signature we calculated does not match/);
    expect(error.message).not.toContain("not-the-secret");
    // HEAD answers have no body: the status alone still names the settings.
    const head = await rejection(s3.exists(key));
    expect(head).toMatchObject({ status: 403, code: "Forbidden" });
    expect(head.message).toMatch(/S3_SECRET_ACCESS_KEY/);
    // put's HEAD gets a bare 403 too (as a missing key does on AWS without s3:ListBucket): the PUT's answer explains.
    const other = new Uint8Array([1]);
    const put = await rejection(s3.put(contentAddressedKey(other, "png"), other, "image/png"));
    expect(put).toMatchObject({ status: 403, code: "SignatureDoesNotMatch", operation: "PUT" });
    expect(fake.bucket(BUCKET).size).toBe(1);
  });

  it("names the access key, region and bucket settings when those are wrong", async () => {
    expect(await rejection(storage({ accessKeyId: "UNKNOWN" }).get(key))).toMatchObject({ code: "InvalidAccessKeyId", message: expect.stringMatching(/check S3_ACCESS_KEY_ID/) });
    const region = await rejection(storage({ region: "us-east-1" }).get(key));
    expect(region).toMatchObject({ status: 400, code: "AuthorizationHeaderMalformed" });
    expect(region.message).toMatch(/check S3_REGION.*region: eu-west-3/);
    // A missing bucket is an error, never "no such object".
    expect(await rejection(storage({ bucket: "no-such-bucket" }).get(key))).toMatchObject({ status: 404, code: "NoSuchBucket", message: expect.stringMatching(/check S3_BUCKET/) });
    await expect(storage({ bucket: "no-such-bucket" }).put(key, bytes, "image/png")).rejects.toThrow(/NoSuchBucket/);
  });

  it("gives up after the timeout with a clear error", async () => {
    fake.setLatency(400);
    const started = Date.now();
    const error = await rejection(storage({}, { timeoutMs: 100 }).get(key));
    expect(error).toMatchObject({ status: 0, code: "Timeout", message: expect.stringMatching(/no answer from http:\/\/127\.0\.0\.1:\d+ within 100 ms/) });
    expect(Date.now() - started).toBeLessThan(350);
  });

  it("retries 5xx answers, then reports S3's own error", async () => {
    const s3 = storage({}, { retries: 2 });
    fake.failNext(2, 503);
    await s3.put(key, bytes, "image/png");
    expect(fake.requests.map((request) => `${request.method} ${request.status}`)).toEqual(["HEAD 503", "HEAD 503", "HEAD 404", "PUT 200"]);
    fake.failNext(3, 500);
    expect(await rejection(s3.get(key))).toMatchObject({ status: 500, code: "InternalError" });
  });

  it("says the endpoint cannot be reached when nothing listens there", async () => {
    const port = await closedPort();
    const error = await rejection(storage({ endpoint: `http://127.0.0.1:${port}` }, { retries: 1 }).get(key));
    expect(error).toMatchObject({ status: 0, code: "NetworkError", message: expect.stringMatching(/could not reach http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\): check S3_ENDPOINT/) });
  });
});

describe("the fake checks signatures for real", () => {
  it("refuses a request signed for another key, and a body that does not match its hash", async () => {
    const signedFor = new URL(`${fake.url}/${BUCKET}/${key}`);
    const signed = signRequest({ method: "GET", url: signedFor, headers: { "x-amz-content-sha256": EMPTY_SHA256 }, payloadHash: EMPTY_SHA256, credentials, region: "eu-west-3", service: "s3" });
    const other = await fetch(`${fake.url}/${BUCKET}/${contentAddressedKey(new Uint8Array([2]), "png")}`, { headers: signed.headers });
    expect(other.status).toBe(403);
    expect(parseS3ErrorXml(await other.text())).toMatchObject({ code: "SignatureDoesNotMatch" });
    const same = await fetch(signedFor, { headers: signed.headers });
    expect(same.status).toBe(404);
    expect(parseS3ErrorXml(await same.text())).toMatchObject({ code: "NoSuchKey" });

    const hash = "0".repeat(64);
    const put = signRequest({ method: "PUT", url: signedFor, headers: { "x-amz-content-sha256": hash }, payloadHash: hash, credentials, region: "eu-west-3", service: "s3" });
    const tampered = await fetch(signedFor, { method: "PUT", headers: put.headers, body: bytes });
    expect(tampered.status).toBe(400);
    expect(parseS3ErrorXml(await tampered.text())).toMatchObject({ code: "XAmzContentSHA256Mismatch" });
    const unsigned = await fetch(signedFor);
    expect(unsigned.status).toBe(403);
    expect(fake.bucket(BUCKET).size).toBe(0);
  });
});

describe("addressing", () => {
  it("builds path-style and virtual-hosted URLs, keeping an endpoint's path", () => {
    const base = { ...settings, bucket: "media" };
    expect(new S3Storage({ ...base, endpoint: "http://127.0.0.1:9000" }).objectUrl(key).href).toBe(`http://127.0.0.1:9000/media/${key}`);
    expect(new S3Storage({ ...base, endpoint: "https://s3.eu-west-3.amazonaws.com", forcePathStyle: false }).objectUrl(key).href).toBe(`https://media.s3.eu-west-3.amazonaws.com/${key}`);
    expect(new S3Storage({ ...base, endpoint: "https://gateway.example/storage" }).objectUrl(key).href).toBe(`https://gateway.example/storage/media/${key}`);
  });

  it("parses S3 XML error bodies, entities included", () => {
    expect(parseS3ErrorXml('<?xml version="1.0"?><Error><Code>NoSuchKey</Code><Message>Key &quot;a&amp;b&quot; &#x263A;</Message><RequestId>R1</RequestId></Error>')).toEqual({
      code: "NoSuchKey",
      message: 'Key "a&b" ☺',
      requestId: "R1",
      region: undefined,
      endpoint: undefined,
      bucket: undefined,
    });
    expect(parseS3ErrorXml("<html>bad gateway</html>")).toEqual({});
  });
});

function closedPort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}
