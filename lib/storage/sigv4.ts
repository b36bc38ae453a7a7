import { createHash, createHmac } from "node:crypto";

// AWS Signature Version 4 for request headers, and for presigned URLs (presignUrl: the same
// signature carried in the query, for a browser to use without credentials), from the
// documented algorithm: canonical request → string to sign → HMAC chain.
// https://docs.aws.amazon.com/IAM/latest/UserGuide/create-signed-request.html

export type SigV4Credentials = { accessKeyId: string; secretAccessKey: string };

export type SigV4Input = {
  method: string;
  url: URL;
  /** Headers to sign and send; `host` comes from the URL and is signed but not returned (fetch sets it). */
  headers: Record<string, string>;
  /** Lower-case hex sha256 of the body (S3 also wants it sent as x-amz-content-sha256). */
  payloadHash: string;
  credentials: SigV4Credentials;
  region: string;
  service: string;
  now?: Date;
};

export type SigV4Result = {
  /** The input headers plus x-amz-date and authorization. */
  headers: Record<string, string>;
  canonicalRequest: string;
  stringToSign: string;
  signature: string;
};

export const EMPTY_SHA256 = "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855";
const ALGORITHM = "AWS4-HMAC-SHA256";

export function sha256Hex(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

/** RFC 3986 encoding as SigV4 wants it: everything but A-Z a-z 0-9 - . _ ~ is %XX (upper case). */
export function uriEncode(value: string): string {
  return encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The path with each segment encoded once (S3 does not normalise or double-encode). */
export function canonicalPath(pathname: string): string {
  if (pathname === "") return "/";
  return pathname
    .split("/")
    .map((segment) => uriEncode(decodeURIComponent(segment)))
    .join("/");
}

export function canonicalQuery(search: URLSearchParams): string {
  return [...search]
    .map(([name, value]) => [uriEncode(name), uriEncode(value)] as const)
    .sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0))
    .map(([name, value]) => `${name}=${value}`)
    .join("&");
}

/** `20150830T123600Z` */
export function amzDate(now: Date): string {
  return now.toISOString().replace(/[-:]|\.\d{3}/g, "");
}

export function signingKey(secretAccessKey: string, date: string, region: string, service: string): Buffer {
  const dateKey = hmac(`AWS4${secretAccessKey}`, date);
  return hmac(hmac(hmac(dateKey, region), service), "aws4_request");
}

export function signRequest(input: SigV4Input): SigV4Result {
  const timestamp = amzDate(input.now ?? new Date());
  const date = timestamp.slice(0, 8);
  const scope = `${date}/${input.region}/${input.service}/aws4_request`;

  const signed = new Map<string, string>([["host", input.url.host]]);
  for (const [name, value] of Object.entries({ ...input.headers, "x-amz-date": timestamp })) {
    // The host is the URL's: fetch sends that one whatever a caller puts in the headers.
    if (name.toLowerCase() !== "host") signed.set(name.toLowerCase(), value.trim().replace(/\s+/g, " "));
  }
  const names = [...signed.keys()].sort();
  const signedHeaders = names.join(";");
  const canonicalRequest = [
    input.method.toUpperCase(),
    canonicalPath(input.url.pathname),
    canonicalQuery(input.url.searchParams),
    names.map((name) => `${name}:${signed.get(name)}\n`).join(""),
    signedHeaders,
    input.payloadHash,
  ].join("\n");
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join("\n");
  const signature = hmac(signingKey(input.credentials.secretAccessKey, date, input.region, input.service), stringToSign).toString("hex");

  const headers = Object.fromEntries(Object.entries(input.headers).filter(([name]) => name.toLowerCase() !== "host"));
  headers["x-amz-date"] = timestamp;
  headers.authorization = `${ALGORITHM} Credential=${input.credentials.accessKeyId}/${scope}, SignedHeaders=${signedHeaders}, Signature=${signature}`;
  return { headers, canonicalRequest, stringToSign, signature };
}

/**
 * A presigned URL: `url` with the X-Amz-* query parameters that let anyone holding it make this
 * one request (only the host header signed, unsigned payload) until `expiresIn` seconds after `now`.
 * https://docs.aws.amazon.com/AmazonS3/latest/API/sigv4-query-string-auth.html
 */
export function presignUrl(input: { method: string; url: URL; credentials: SigV4Credentials; region: string; service: string; expiresIn: number; now: Date }): URL {
  const timestamp = amzDate(input.now);
  const date = timestamp.slice(0, 8);
  const scope = `${date}/${input.region}/${input.service}/aws4_request`;
  const url = new URL(input.url);
  url.searchParams.set("X-Amz-Algorithm", ALGORITHM);
  url.searchParams.set("X-Amz-Credential", `${input.credentials.accessKeyId}/${scope}`);
  url.searchParams.set("X-Amz-Date", timestamp);
  url.searchParams.set("X-Amz-Expires", String(input.expiresIn));
  url.searchParams.set("X-Amz-SignedHeaders", "host");
  const canonicalRequest = [input.method.toUpperCase(), canonicalPath(url.pathname), canonicalQuery(url.searchParams), `host:${url.host}\n`, "host", "UNSIGNED-PAYLOAD"].join("\n");
  const stringToSign = [ALGORITHM, timestamp, scope, sha256Hex(canonicalRequest)].join("\n");
  url.searchParams.set("X-Amz-Signature", hmac(signingKey(input.credentials.secretAccessKey, date, input.region, input.service), stringToSign).toString("hex"));
  return url;
}

function hmac(key: string | Buffer, data: string): Buffer {
  return createHmac("sha256", key).update(data, "utf8").digest();
}
