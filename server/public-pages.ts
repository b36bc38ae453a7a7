// The public pages (landing, legal) are the same bytes for every visitor until the next
// build. Going through Next's router, middleware and page cache for each of them costs
// twenty times what sending the bytes does, so the server asks Next for each page once at
// start-up, keeps Next's answer (status, headers, body; compressed once) and sends it
// again itself. Anything that could make Next answer differently goes to Next instead:
// another method, a query string, another host, a client-router (RSC) request.
import http, { type IncomingMessage, type ServerResponse } from "node:http";
import { isPlainDocumentRequest, keepAnswer, sendKeptAnswer, type KeptAnswer } from "./kept-answer";

export type PublicPages = {
  /** APP_URL's host: on any other, the server redirects first (server/canonical-host.ts). */
  host: string;
  answers: ReadonlyMap<string, KeptAnswer>;
};

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
      return reason ? { path, reason } : { path, answer: await keepAnswer(captured.headers, captured.body, { effort: "best" }), reason: null };
    }),
  );
  const answers = new Map<string, KeptAnswer>();
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

/** Sends the kept answer for this request and returns true, or returns false for Next to answer. */
export function answerPublicPage(pages: PublicPages, req: IncomingMessage, res: ServerResponse): boolean {
  if (req.method !== "GET" && req.method !== "HEAD") return false;
  const answer = pages.answers.get(req.url ?? "");
  if (!answer || req.headers.host !== pages.host || !isPlainDocumentRequest(req)) return false;

  sendKeptAnswer(req, res, answer);
  return true;
}
