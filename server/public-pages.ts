// The public pages (landing, legal) are the same for every visitor until the next build.
// Going through Next's router, middleware and page cache for each of them costs twenty times
// what sending the page does, so the server asks Next for each page once at start-up, keeps
// Next's answer (status, headers, body) and sends it again itself, with a fresh policy and
// script nonce per response like every page (server/send-page.ts). Anything
// that could make Next answer differently goes to Next instead: another method, a query
// string, another host, a client-router (RSC) request.
import http, { type IncomingHttpHeaders, type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from "node:http";
import { drawingNonce } from "../lib/http/csp";

export type KeptAnswer = { headers: OutgoingHttpHeaders; body: Buffer };

export type PublicPages = {
  /** APP_URL's host: on any other, the server redirects first (server/canonical-host.ts). */
  host: string;
  answers: ReadonlyMap<string, KeptAnswer>;
};

/**
 * Headers that describe one transfer, not the page (Node and compression write their own), the
 * policy (a new one per response, server/send-page.ts) and the ETag: a 304 would bring back a
 * body with an old nonce.
 */
const NOT_KEPT = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "content-security-policy", "etag"]);

/**
 * Asks the server on `port` (Next, answering directly) for each path as a first-time visitor
 * on `host` would, and keeps the answers that are provably the same for everyone: a 200 HTML
 * page drawn with the drawing nonce, without a cookie, not private. A path that does not
 * qualify is left to Next and named in `skipped`.
 */
export async function capturePublicPages(port: number, host: string, paths: readonly string[]): Promise<{ pages: PublicPages; skipped: string[] }> {
  const results = await Promise.all(paths.map(async (path) => ({ path, captured: await fetchFromNext(port, host, path) })));
  const answers = new Map<string, KeptAnswer>();
  const skipped: string[] = [];
  for (const { path, captured } of results) {
    const reason = notShareable(captured);
    if (reason) skipped.push(`${path} (${reason})`);
    else answers.set(path, { headers: keptHeaders(captured.headers), body: captured.body });
  }
  return { pages: { host, answers }, skipped };
}

type Captured = { status: number; headers: IncomingHttpHeaders; body: Buffer };

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

function notShareable({ status, headers, body }: Captured): string | null {
  if (status !== 200) return `status ${status}`;
  if (!String(headers["content-type"] ?? "").startsWith("text/html")) return "not HTML";
  if (headers["set-cookie"]) return "sets a cookie";
  if (/private|no-store/.test(String(headers["cache-control"] ?? ""))) return "private";
  // Its scripts would not take a response's nonce (a page drawn at build, or for one request).
  if (!body.includes(drawingNonce())) return "not drawn with the drawing nonce";
  return null;
}

function keptHeaders(headers: IncomingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_KEPT.has(name)) kept[name] = value;
  return kept;
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

/** Sends the kept answer for this request and returns true, or returns false for Next to answer. */
export function answerPublicPage(pages: PublicPages, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const answer = pages.answers.get(req.url ?? "");
  if (!answer || req.headers.host !== pages.host || !isPlainDocumentRequest(req)) return false;

  res.writeHead(200, { ...answer.headers, "content-length": answer.body.length });
  res.end(req.method === "HEAD" ? undefined : answer.body);
  return true;
}
