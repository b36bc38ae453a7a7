// Tests only: a small S3 on loopback speaking the REST protocol for objects
// (PUT, GET, HEAD, DELETE on path-style URLs /bucket/key). It checks every
// request's SigV4 signature the way S3 does, from the raw request it received
// and the secret it knows, with its own code (nothing shared with
// lib/storage/sigv4.ts, so a mistake there cannot hide itself here), and keeps
// objects in memory. Errors are S3's XML bodies.
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type FakeS3Object = { bytes: Buffer; contentType: string; cacheControl: string | null; etag: string; lastModified: Date };
export type FakeS3Request = { method: string; path: string; headers: Record<string, string>; status: number };

export type FakeS3Options = {
  accessKeyId: string;
  secretAccessKey: string;
  region?: string;
  buckets?: string[];
  /** False: answer PUT with If-None-Match by 501 NotImplemented, like stores without conditional writes. */
  conditionalWrites?: boolean;
};

export type FakeS3 = {
  /** http://127.0.0.1:<port>: the S3_ENDPOINT to use. */
  url: string;
  region: string;
  /** Objects of a bucket by key (the live map: tests may look or change). */
  bucket(name: string): Map<string, FakeS3Object>;
  /** Every request answered, oldest first. */
  requests: FakeS3Request[];
  /** Wait this long before answering each request. */
  setLatency(ms: number): void;
  /** Answer the next `count` requests with this 5xx status (InternalError / ServiceUnavailable). */
  failNext(count: number, status?: number): void;
  stop(): Promise<void>;
};

const MAX_SKEW_MS = 15 * 60 * 1000;
const MAX_BODY_BYTES = 32 * 1024 * 1024;

export async function startFakeS3(options: FakeS3Options): Promise<FakeS3> {
  const region = options.region ?? "us-east-1";
  const buckets = new Map((options.buckets ?? ["guildhall-test"]).map((name) => [name, new Map<string, FakeS3Object>()]));
  const requests: FakeS3Request[] = [];
  let latency = 0;
  const faults: number[] = [];

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) sendError(req, res, 500, "InternalError", String(error));
      else res.destroy();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const body = await readBody(req);
    if (body === null) return sendError(req, res, 400, "EntityTooLarge", "Your proposed upload exceeds the maximum allowed size.");
    if (latency > 0) await new Promise((resolve) => setTimeout(resolve, latency));
    res.on("finish", () => requests.push({ method: req.method ?? "", path: req.url ?? "", headers: flatHeaders(req), status: res.statusCode }));

    const fault = faults.shift();
    if (fault !== undefined) return sendError(req, res, fault, fault === 503 ? "ServiceUnavailable" : "InternalError", "We encountered an internal error. Please try again.");

    const refusal = verify(req, body, options, region);
    if (refusal) return sendError(req, res, refusal.status, refusal.code, refusal.message, refusal.extra);

    const { bucketName, key } = splitPath(req.url ?? "/");
    const bucket = buckets.get(bucketName);
    if (!bucket) return sendError(req, res, 404, "NoSuchBucket", "The specified bucket does not exist", { BucketName: bucketName });
    if (!key) return sendError(req, res, 501, "NotImplemented", "Only object operations are implemented by this fake.");

    switch (req.method) {
      case "PUT": {
        if (req.headers["if-none-match"] !== undefined) {
          if (options.conditionalWrites === false) return sendError(req, res, 501, "NotImplemented", "A header you provided implies functionality that is not implemented", { Header: "If-None-Match" });
          if (req.headers["if-none-match"] !== "*") return sendError(req, res, 501, "NotImplemented", "Only If-None-Match: * is supported");
          if (bucket.has(key)) return sendError(req, res, 412, "PreconditionFailed", "At least one of the pre-conditions you specified did not hold", { Condition: "If-None-Match" });
        }
        const etag = `"${createHash("md5").update(body).digest("hex")}"`;
        bucket.set(key, { bytes: body, contentType: req.headers["content-type"] ?? "binary/octet-stream", cacheControl: req.headers["cache-control"] ?? null, etag, lastModified: new Date() });
        res.writeHead(200, { ETag: etag, ...requestIdHeaders() }).end();
        return;
      }
      case "GET":
      case "HEAD": {
        const object = bucket.get(key);
        if (!object) return sendError(req, res, 404, "NoSuchKey", "The specified key does not exist.", { Key: key });
        const headers: Record<string, string> = {
          "Content-Type": object.contentType,
          "Content-Length": String(object.bytes.byteLength),
          ETag: object.etag,
          "Last-Modified": object.lastModified.toUTCString(),
          ...requestIdHeaders(),
        };
        if (object.cacheControl) headers["Cache-Control"] = object.cacheControl;
        res.writeHead(200, headers);
        res.end(req.method === "HEAD" ? undefined : object.bytes);
        return;
      }
      case "DELETE":
        bucket.delete(key);
        res.writeHead(204, requestIdHeaders()).end();
        return;
      default:
        return sendError(req, res, 405, "MethodNotAllowed", "The specified method is not allowed against this resource.");
    }
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    region,
    bucket(name) {
      const objects = buckets.get(name);
      if (!objects) throw new Error(`fake S3 has no bucket ${name}`);
      return objects;
    },
    requests,
    setLatency(ms) {
      latency = ms;
    },
    failNext(count, status = 500) {
      for (let index = 0; index < count; index++) faults.push(status);
    },
    stop: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

type Refusal = { status: number; code: string; message: string; extra?: Record<string, string> };

/**
 * S3's check of a presigned URL (query parameters instead of the Authorization header, only
 * the host signed, the payload unsigned), recomputed from the request as received; refused
 * once X-Amz-Date + X-Amz-Expires has passed.
 */
function verifyPresigned(req: IncomingMessage, options: FakeS3Options, region: string): Refusal | null {
  const rawUrl = req.url ?? "/";
  const queryAt = rawUrl.indexOf("?");
  const query = new URLSearchParams(rawUrl.slice(queryAt + 1));
  const [accessKeyId, scopeDate, scopeRegion, service] = (query.get("X-Amz-Credential") ?? "").split("/");
  if (accessKeyId !== options.accessKeyId) return { status: 403, code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records." };
  if (query.get("X-Amz-Algorithm") !== "AWS4-HMAC-SHA256" || scopeRegion !== region || service !== "s3" || query.get("X-Amz-SignedHeaders") !== "host") return malformed("The presigned query is malformed.");
  const timestamp = query.get("X-Amz-Date") ?? "";
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(timestamp);
  if (!when || timestamp.slice(0, 8) !== scopeDate) return malformed("X-Amz-Date is not valid.");
  const [, year, month, day, hour, minute, second] = when.map(Number);
  if (Date.UTC(year!, month! - 1, day, hour, minute, second) + Number(query.get("X-Amz-Expires")) * 1000 < Date.now()) return { status: 403, code: "AccessDenied", message: "Request has expired" };
  const unsigned = rawUrl.slice(queryAt + 1).split("&").filter((pair) => !pair.startsWith("X-Amz-Signature=")).join("&");
  const canonicalRequest = [req.method ?? "", canonicalUri(rawUrl.slice(0, queryAt)), canonicalQueryString(unsigned), `host:${header(req, "host")}\n`, "host", "UNSIGNED-PAYLOAD"].join("\n");
  const stringToSign = `AWS4-HMAC-SHA256\n${timestamp}\n${scopeDate}/${scopeRegion}/s3/aws4_request\n${createHash("sha256").update(canonicalRequest, "utf8").digest("hex")}`;
  let key: Buffer = Buffer.from(`AWS4${options.secretAccessKey}`, "utf8");
  for (const part of [scopeDate!, scopeRegion, "s3", "aws4_request"]) key = createHmac("sha256", key).update(part, "utf8").digest();
  const expected = createHmac("sha256", key).update(stringToSign, "utf8").digest("hex");
  const given = query.get("X-Amz-Signature") ?? "";
  if (expected.length !== given.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(given))) return { status: 403, code: "SignatureDoesNotMatch", message: "The request signature we calculated does not match the signature you provided." };
  return null;
}

/** S3's check of an Authorization header (or of a presigned URL), recomputed from the request as received. */
function verify(req: IncomingMessage, body: Buffer, options: FakeS3Options, region: string): Refusal | null {
  const authorization = req.headers.authorization;
  if (!authorization && (req.url ?? "").includes("X-Amz-Signature=")) return verifyPresigned(req, options, region);
  if (!authorization) return { status: 403, code: "AccessDenied", message: "Access Denied" };
  const match = /^AWS4-HMAC-SHA256 Credential=([^,\s]+),\s*SignedHeaders=([^,\s]+),\s*Signature=([0-9a-f]{64})$/.exec(authorization);
  if (!match) return malformed("The authorization header is malformed; it must be AWS4-HMAC-SHA256 Credential=…, SignedHeaders=…, Signature=…");
  const [, credential = "", signedHeaderList = "", signature = ""] = match;
  const [accessKeyId, scopeDate, scopeRegion, service, terminator, ...rest] = credential.split("/");
  if (rest.length > 0 || terminator !== "aws4_request" || !scopeDate || !/^\d{8}$/.test(scopeDate)) return malformed("The authorization header is malformed; the Credential is mal-formed.");
  if (accessKeyId !== options.accessKeyId) return { status: 403, code: "InvalidAccessKeyId", message: "The AWS Access Key Id you provided does not exist in our records.", extra: { AWSAccessKeyId: accessKeyId ?? "" } };
  if (scopeRegion !== region) return malformed(`The authorization header is malformed; the region '${scopeRegion}' is wrong; expecting '${region}'`, { Region: region });
  if (service !== "s3") return malformed(`The authorization header is malformed; incorrect service '${service}'. This endpoint belongs to 's3'.`);

  const signedHeaders = signedHeaderList.split(";");
  if (!signedHeaders.includes("host") || signedHeaders.join(";") !== [...signedHeaders].sort().join(";")) return malformed("SignedHeaders must include host and be sorted.");
  for (const name of ["x-amz-date", "x-amz-content-sha256"]) {
    if (!signedHeaders.includes(name)) return { status: 403, code: "AccessDenied", message: `There were headers present in the request which were not signed: ${name}` };
  }
  const timestamp = header(req, "x-amz-date");
  const when = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/.exec(timestamp);
  if (!when) return { status: 403, code: "AccessDenied", message: "AWS authentication requires a valid Date or x-amz-date header" };
  if (timestamp.slice(0, 8) !== scopeDate) return malformed("The authorization header is malformed; the credential date does not match x-amz-date.");
  const [, year, month, day, hour, minute, second] = when.map(Number);
  const skew = Math.abs(Date.UTC(year!, month! - 1, day, hour, minute, second) - Date.now());
  if (skew > MAX_SKEW_MS) return { status: 403, code: "RequestTimeTooSkewed", message: "The difference between the request time and the current time is too large." };

  const contentHash = header(req, "x-amz-content-sha256");
  if (!contentHash) return { status: 400, code: "InvalidRequest", message: "Missing required header for this request: x-amz-content-sha256" };
  if (contentHash !== "UNSIGNED-PAYLOAD" && contentHash !== createHash("sha256").update(body).digest("hex")) {
    return { status: 400, code: "XAmzContentSHA256Mismatch", message: "The provided 'x-amz-content-sha256' header does not match what was computed." };
  }

  const rawUrl = req.url ?? "/";
  const queryAt = rawUrl.indexOf("?");
  const canonicalRequest = [
    req.method ?? "",
    canonicalUri(queryAt < 0 ? rawUrl : rawUrl.slice(0, queryAt)),
    canonicalQueryString(queryAt < 0 ? "" : rawUrl.slice(queryAt + 1)),
    signedHeaders.map((name) => `${name}:${header(req, name).trim().replace(/\s+/g, " ")}\n`).join(""),
    signedHeaderList,
    contentHash,
  ].join("\n");
  const scope = `${scopeDate}/${scopeRegion}/s3/aws4_request`;
  const stringToSign = `AWS4-HMAC-SHA256\n${timestamp}\n${scope}\n${createHash("sha256").update(canonicalRequest, "utf8").digest("hex")}`;
  let key: Buffer = Buffer.from(`AWS4${options.secretAccessKey}`, "utf8");
  for (const part of [scopeDate, scopeRegion, "s3", "aws4_request"]) key = createHmac("sha256", key).update(part, "utf8").digest();
  const expected = createHmac("sha256", key).update(stringToSign, "utf8").digest();
  if (!timingSafeEqual(expected, Buffer.from(signature, "hex"))) {
    return {
      status: 403,
      code: "SignatureDoesNotMatch",
      message: "The request signature we calculated does not match the signature you provided. Check your key and signing method.",
      extra: { AWSAccessKeyId: accessKeyId, StringToSign: stringToSign, SignatureProvided: signature, CanonicalRequest: canonicalRequest },
    };
  }
  return null;
}

function malformed(message: string, extra?: Record<string, string>): Refusal {
  return { status: 400, code: "AuthorizationHeaderMalformed", message, extra };
}

/** A header as signed: repeated values joined by commas. */
function header(req: IncomingMessage, name: string): string {
  return (req.headersDistinct[name] ?? []).join(",");
}

/** Each path segment decoded, then encoded byte by byte keeping only A-Z a-z 0-9 - . _ ~ (S3 does not normalise). */
function canonicalUri(rawPath: string): string {
  return rawPath.split("/").map((segment) => strictEncode(decodeURIComponent(segment))).join("/") || "/";
}

function canonicalQueryString(rawQuery: string): string {
  if (!rawQuery) return "";
  return rawQuery
    .split("&")
    .filter(Boolean)
    .map((pair) => {
      const equals = pair.indexOf("=");
      const name = equals < 0 ? pair : pair.slice(0, equals);
      const value = equals < 0 ? "" : pair.slice(equals + 1);
      return [strictEncode(decodeURIComponent(name)), strictEncode(decodeURIComponent(value))] as const;
    })
    .sort(([a, x], [b, y]) => (a === b ? compare(x, y) : compare(a, b)))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

function compare(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

function strictEncode(text: string): string {
  let out = "";
  for (const byte of Buffer.from(text, "utf8")) {
    const char = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-._~]/.test(char) ? char : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

function splitPath(rawUrl: string): { bucketName: string; key: string } {
  const path = rawUrl.split("?")[0] ?? "/";
  const [, bucketName = "", ...keyParts] = path.split("/");
  return { bucketName: decodeURIComponent(bucketName), key: keyParts.map(decodeURIComponent).join("/") };
}

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let total = 0;
  for await (const chunk of req) {
    total += (chunk as Buffer).byteLength;
    if (total > MAX_BODY_BYTES) return null;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

function requestIdHeaders(): Record<string, string> {
  return { "x-amz-request-id": randomBytes(8).toString("hex").toUpperCase() };
}

function sendError(req: IncomingMessage, res: ServerResponse, status: number, code: string, message: string, extra: Record<string, string> = {}) {
  const requestId = randomBytes(8).toString("hex").toUpperCase();
  const fields = Object.entries({ Code: code, Message: message, ...extra, RequestId: requestId })
    .map(([name, value]) => `<${name}>${escapeXml(value)}</${name}>`)
    .join("");
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<Error>${fields}</Error>`;
  // HEAD answers carry no body, only the status (as S3's do).
  res.writeHead(status, { "Content-Type": "application/xml", "x-amz-request-id": requestId, ...(req.method === "HEAD" ? {} : { "Content-Length": String(Buffer.byteLength(xml)) }) });
  res.end(req.method === "HEAD" ? undefined : xml);
}

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (char) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[char]!);
}

function flatHeaders(req: IncomingMessage): Record<string, string> {
  return Object.fromEntries(Object.entries(req.headersDistinct).map(([name, values]) => [name, (values ?? []).join(",")]));
}
