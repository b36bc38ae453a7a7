// S3 answers failures with an XML body (<Error><Code>…</Code><Message>…</Message>…</Error>);
// HEAD answers have no body, so only the status is known. These turn both into
// errors that say what failed and which setting to look at.

export type S3ErrorDetails = {
  /** PUT, GET, HEAD or DELETE. */
  operation: string;
  /** `bucket/key`. */
  target: string;
  /** HTTP status, or 0 when no answer came (timeout, connection refused). */
  status: number;
  /** S3's error code (SignatureDoesNotMatch, NoSuchKey, …), or Timeout / NetworkError / HTTP <status>. */
  code: string;
  requestId?: string;
};

export class S3Error extends Error {
  readonly operation: string;
  readonly target: string;
  readonly status: number;
  readonly code: string;
  readonly requestId: string | undefined;

  constructor(details: S3ErrorDetails, message: string, options?: { cause?: unknown }) {
    super(`S3 ${details.operation} ${details.target} failed: ${message}`, options);
    this.name = "S3Error";
    this.operation = details.operation;
    this.target = details.target;
    this.status = details.status;
    this.code = details.code;
    this.requestId = details.requestId;
  }
}

export type S3ErrorBody = { code?: string; message?: string; requestId?: string; region?: string; endpoint?: string; bucket?: string };

/** The fields of an S3 XML error body; empty when the body is not one. */
export function parseS3ErrorXml(xml: string): S3ErrorBody {
  if (!/<Error>/.test(xml)) return {};
  const field = (name: string) => {
    const match = new RegExp(`<${name}>([\\s\\S]*?)</${name}>`).exec(xml);
    return match ? decodeXml(match[1]!.trim()) : undefined;
  };
  return { code: field("Code"), message: field("Message"), requestId: field("RequestId"), region: field("Region"), endpoint: field("Endpoint"), bucket: field("BucketName") };
}

// What to check for the codes a misconfiguration produces.
const HINTS: Record<string, string> = {
  SignatureDoesNotMatch: "the request signature was refused: check S3_SECRET_ACCESS_KEY (and S3_REGION)",
  InvalidAccessKeyId: "the access key is unknown to the server: check S3_ACCESS_KEY_ID",
  AccessDenied: "access denied: the credentials may not use this bucket, or the key is wrong",
  Forbidden: "access refused (403): check S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY, S3_REGION and the bucket's permissions",
  NoSuchBucket: "the bucket does not exist: check S3_BUCKET and S3_ENDPOINT",
  AuthorizationHeaderMalformed: "the server expects another region or credential: check S3_REGION",
  PermanentRedirect: "the bucket must be addressed at another endpoint: check S3_ENDPOINT, S3_REGION and S3_FORCE_PATH_STYLE",
  RequestTimeTooSkewed: "this machine's clock is too far from the server's",
  XAmzContentSHA256Mismatch: "the body was changed on the way (its sha256 does not match)",
};

/** The error for an answer that is not a success. */
export function s3ErrorFromResponse(details: Omit<S3ErrorDetails, "code" | "requestId">, body: string, requestIdHeader: string | null): S3Error {
  const parsed = parseS3ErrorXml(body);
  const code = parsed.code ?? codeOfStatus(details.status);
  const requestId = parsed.requestId ?? requestIdHeader ?? undefined;
  const parts = [`${details.status} ${code}`];
  const hint = HINTS[code];
  if (hint) parts.push(hint);
  if (parsed.message) parts.push(`server says: ${parsed.message}`);
  if (parsed.region) parts.push(`region: ${parsed.region}`);
  if (parsed.endpoint) parts.push(`endpoint: ${parsed.endpoint}`);
  if (requestId) parts.push(`request id ${requestId}`);
  return new S3Error({ ...details, code, requestId }, parts.join("; "));
}

function codeOfStatus(status: number): string {
  if (status === 301 || status === 307) return "PermanentRedirect";
  if (status === 403) return "Forbidden";
  if (status === 404) return "NotFound";
  return `HTTP ${status}`;
}

function decodeXml(text: string): string {
  return text.replace(/&(lt|gt|amp|quot|apos|#\d+|#x[0-9a-fA-F]+);/g, (entity, name: string) => {
    if (name === "lt") return "<";
    if (name === "gt") return ">";
    if (name === "amp") return "&";
    if (name === "quot") return '"';
    if (name === "apos") return "'";
    const code = name.startsWith("#x") ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
    return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : entity;
  });
}
