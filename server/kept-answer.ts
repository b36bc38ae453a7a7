// What the kept public pages (public-pages.ts) and the kept dashboard pages (kept-pages.ts)
// share: Next's answer kept as headers and bodies in three encodings, which requests may be
// answered from it, and sending it.
import type { IncomingHttpHeaders, IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlib, gzip } from "node:zlib";

// In the thread pool: compressing a page must not stall the requests Next is answering meanwhile.
const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export type KeptAnswer = {
  headers: OutgoingHttpHeaders;
  etag: string | undefined;
  bodies: { identity: Buffer; gzip: Buffer; br: Buffer };
};

/** Headers that describe one transfer, not the page: Node writes its own. */
const PER_TRANSFER = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "vary"]);

/**
 * Next's answer as kept: its headers but those of the transfer and `drop`, Next's Vary plus
 * Accept-Encoding (chosen here), and the body compressed once. `effort` "best" is for pages
 * kept until the next build; "quick" for pages kept seconds.
 */
export async function keepAnswer(
  headers: IncomingHttpHeaders | OutgoingHttpHeaders,
  body: Buffer,
  { effort, drop = [] }: { effort: "best" | "quick"; drop?: readonly string[] },
): Promise<KeptAnswer> {
  const dropped = new Set(drop);
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !PER_TRANSFER.has(name) && !dropped.has(name)) kept[name] = value;
  const vary = new Map(`${String(headers.vary ?? "")},Accept-Encoding`.split(",").map((name) => [name.trim().toLowerCase(), name.trim()]));
  vary.delete("");
  kept.vary = [...vary.values()].join(", ");
  const best = effort === "best";
  const [gzipped, brotli] = await Promise.all([
    gzipAsync(body, { level: best ? 9 : 6 }),
    brotliAsync(body, { params: { [zlib.BROTLI_PARAM_QUALITY]: best ? 11 : 5, [zlib.BROTLI_PARAM_SIZE_HINT]: body.length } }),
  ]);
  return { headers: kept, etag: typeof headers.etag === "string" ? headers.etag : undefined, bodies: { identity: body, gzip: gzipped, br: brotli } };
}

/** Sends a kept answer (304 for its ETag, headers only for HEAD), `extra` headers over its own. */
export function sendKeptAnswer(req: IncomingMessage, res: ServerResponse, answer: KeptAnswer, extra: OutgoingHttpHeaders = {}): void {
  const headers = { ...answer.headers, ...extra };
  if (answer.etag && req.headers["if-none-match"] === answer.etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  const encoding = chooseEncoding(req.headers["accept-encoding"]);
  const body = answer.bodies[encoding];
  res.writeHead(200, { ...headers, ...(encoding === "identity" ? {} : { "content-encoding": encoding }), "content-length": body.length });
  res.end(req.method === "HEAD" ? undefined : body);
}

/**
 * A browser asking for the document itself: no forwarded host (Next may trust it), and none
 * of the client router's headers (`RSC`, `Next-Router-*`, `Next-Action`, `Next-Url`), which
 * ask Next for another representation of the same path.
 */
export function isPlainDocumentRequest(req: IncomingMessage): boolean {
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
