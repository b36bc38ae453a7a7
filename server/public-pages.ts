// The public pages (landing, legal) are the same bytes for every visitor until the next
// build. Going through Next's router, middleware and page cache for each of them costs
// twenty times what sending the bytes does, so the server asks Next for each page once at
// start-up, keeps Next's answer (status, headers, body; compressed once) and sends it
// again itself. Anything that could make Next answer differently goes to Next instead:
// another method, a query string, another host, a client-router (RSC) request.
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

// In the thread pool: compressing 45 pages at the best levels takes a second or two of CPU,
// which must not stall the requests Next is answering meanwhile.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type PublicAnswer = {
  headers: OutgoingHttpHeaders;
  etag: string | undefined;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
};

export type PublicPages = {
  /** APP_URL's host: on any other, Next redirects (lib/http/canonical-host.ts). */
  host: string;
  answers: ReadonlyMap<string, PublicAnswer>;
};

/** Headers that describe one transfer, not the page: Node writes its own. */
const PER_TRANSFER = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "vary"]);

/**
 * Asks the server on `port` for each path as a first-time visitor on `host` would, and
 * keeps the answers that are provably the same for everyone: a 200 HTML page without a
 * cookie, not private, and with a script policy of hashes rather than a per-request nonce.
 * A path that does not qualify is left to Next and named in `skipped`.
 */
export async function capturePublicPages(port: number, host: string, paths: readonly string[]): Promise<{ pages: PublicPages; skipped: string[] }> {
  const results = await Promise.all(
    paths.map(async (path) => {
      const captured = await fetchFromNext(port, host, path);
      const reason = notShareable(captured);
      return reason ? { path, reason } : { path, answer: await toAnswer(captured), reason: null };
    }),
  );
  const answers = new Map<string, PublicAnswer>();
  const skipped: string[] = [];
  for (const result of results) {
    if (result.reason === null) answers.set(result.path, result.answer);
    else skipped.push(`${result.path} (${result.reason})`);
  }
  return { pages: { host, answers }, skipped };
}

type Captured = { status: number; headers: http.IncomingHttpHeaders; body: Buffer };

function fetchFromNext(port: number, host: string, path: string): Promise<Captured> {
  return new Promise((resolve, reject) => {
    const request = http.get({ host: "127.0.0.1", port, path, headers: { host, "accept-encoding": "identity", accept: "text/html" } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
      response.on("error", reject);
    });
    request.on("error", reject);
  });
}

function notShareable({ status, headers }: Captured): string | null {
  if (status !== 200) return `status ${status}`;
  if (!String(headers["content-type"] ?? "").startsWith("text/html")) return "not HTML";
  if (headers["set-cookie"]) return "sets a cookie";
  if (/private|no-store/.test(String(headers["cache-control"] ?? ""))) return "private";
  if (String(headers["content-security-policy"] ?? "").includes("'nonce-")) return "per-request script nonce";
  return null;
}

async function toAnswer({ headers, body }: Captured): Promise<PublicAnswer> {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !PER_TRANSFER.has(name)) kept[name] = value;
  // Next's own Vary (the client router's headers), plus the encoding chosen here.
  const vary = new Map(`${headers.vary ?? ""},Accept-Encoding`.split(",").map((name) => [name.trim().toLowerCase(), name.trim()]));
  vary.delete("");
  kept.vary = [...vary.values()].join(", ");
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: 9 }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return {
    headers: kept,
    etag: typeof headers.etag === "string" ? headers.etag : undefined,
    bodies: { identity: body, gzip: gzipped, br: brotli },
  };
}

/** Sends the kept answer for this request and returns true, or returns false for Next to answer. */
export function answerPublicPage(pages: PublicPages, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const answer = pages.answers.get(req.url ?? "");
  if (!answer || req.headers.host !== pages.host || !isPlainDocumentRequest(req)) return false;

  if (answer.etag && req.headers["if-none-match"] === answer.etag) {
    res.writeHead(304, answer.headers);
    res.end();
    return true;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = answer.bodies[encoding];
  res.writeHead(200, {
    ...answer.headers,
    ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
    "content-length": body.length,
  });
  res.end(req.method === "HEAD" ? undefined : body);
  return true;
}

/**
 * A browser asking for the document itself: no forwarded host (Next may trust it), and none
 * of the client router's headers (`RSC`, `Next-Router-*`, `Next-Action`, `Next-Url`), which
 * ask Next for another representation of the same path.
 */
function isPlainDocumentRequest(req: IncomingMessage): boolean {
  for (const name of Object.keys(req.headers)) {
    if (name === "rsc" || name === "x-forwarded-host" || name.startsWith("next-")) return false;
  }
  return true;
}

/** br, then gzip, when the client accepts them (a q of 0 refuses), else the plain bytes. */
export function chooseEncoding(header: string | string[] | undefined): "br" | "gzip" | "identity" {
  const accepted = new Set<string>();
  for (const part of String(header ?? "").split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((param) => param.trim()).find((param) => param.startsWith("q="));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has("br")) return "br";
  if (accepted.has("gzip") || accepted.has("*")) return "gzip";
  return "identity";
}
