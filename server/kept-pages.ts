// The dashboard pages Next serves from its page cache (my servers, the guild overview, the
// plugin pages) are the same bytes for everyone middleware lets through: who may see them
// is decided per request, what they show is not. Next's path for such a page (routing,
// middleware's request objects, the page cache, writing the response in many small
// chunks) costs about ten times the page itself. So the server keeps the answer Next gave
// for a path and, on the next request for it, asks middleware.ts for its decision in this
// process (lib/http/in-process-middleware.ts) and sends the kept bytes with middleware's
// headers (cookies, script policy, Cache-Control) when middleware lets the request through.
//
// A kept answer is sent only while it provably is the page middleware would let Next serve:
// - middleware's script policy for this request equals the kept answer's. The guild pages'
//   nonce is drawn from the guild's page generation, which every guild write moves on
//   (lib/guilds/page-cache.ts), so a write retires every kept page of that guild at once;
// - it is at most KEPT_FOR_MS old (platform-side changes: the pages' revalidate plus this);
// - it came from Next's page cache (`x-nextjs-cache`: a page rendered for everyone), with
//   status 200, as HTML.
// Anything else (a redirect to the login, a rewrite to "unavailable", a client-router
// request, another host) goes to Next, which decides and renders as always.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliDecompress, gunzip, inflate } from "node:zlib";
import { BUDGET_PAID_HEADER, budgetPaidToken, inProcessMiddleware } from "../lib/http/in-process-middleware";
import { LOCALES } from "../lib/i18n/locales";
import { isPlainDocumentRequest, keepAnswer, sendKeptAnswer, type KeptAnswer } from "./kept-answer";

export const KEPT_FOR_MS = 5_000;
/** Pages kept at once (a plugin page is ~70 KB plus its two compressed copies); the oldest go first. */
const MAX_KEPT = 300;
/** A page larger than this is not kept. */
const MAX_BODY_BYTES = 2 * 1024 * 1024;

/**
 * My servers, a guild overview, a guild's page (plugin pages; the others are not in the page
 * cache), and a public leaderboard's list pages.
 */
const KEEPABLE = new RegExp(`^/(?:${LOCALES.join("|")})/(?:dashboard(?:/\\d{17,20}(?:/[a-z0-9-]+)?)?|leaderboard/\\d{17,20}(?:/\\d+)?)$`);

type Entry = KeptAnswer & { csp: string; keptAt: number };
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

const decompress: Record<string, (body: Buffer) => Promise<Buffer>> = {
  gzip: promisify(gunzip),
  br: promisify(brotliDecompress),
  deflate: promisify(inflate),
};

export class KeptPages {
  private readonly entries = new Map<string, Entry>();
  /** Paths whose answer is being kept now: concurrent misses keep one. */
  private readonly keeping = new Set<string>();

  /** `origin`: APP_URL's; requests for its host only (on any other, the server redirects first: server/canonical-host.ts). */
  constructor(
    private readonly origin: string,
    private readonly now: () => number = Date.now,
  ) {}

  get size(): number {
    return this.entries.size;
  }

  /** Whether a fresh answer for this path is kept. */
  has(path: string): boolean {
    return this.fresh(path) !== undefined;
  }

  /** Whether this request is for a page that may be kept: a plain GET of a dashboard page on APP_URL's host. */
  accepts(req: IncomingMessage): boolean {
    return req.method === "GET" && KEEPABLE.test(req.url ?? "") && req.headers.host === new URL(this.origin).host && isPlainDocumentRequest(req);
  }

  /** Answers an accepted request from the kept page, or lets `next` answer it (keeping that answer when it may be kept). */
  async serve(req: IncomingMessage, res: ServerResponse, next: Handler): Promise<void> {
    const path = req.url ?? "";
    const entry = this.fresh(path);
    const decide = inProcessMiddleware();
    if (!entry || !decide) return this.keepThrough(path, req, res, next);

    let decision: Response;
    try {
      decision = await decide(new URL(path, this.origin).href, requestHeaders(req));
    } catch {
      // Next runs middleware again and answers its failure as always.
      return next(req, res);
    }
    const headers = decision.headers;
    if (headers.get("x-middleware-next") === "1" && !headers.has("x-middleware-rewrite") && headers.get("content-security-policy") === entry.csp) {
      sendKeptAnswer(req, res, entry, middlewareHeaders(headers));
      return;
    }
    // Middleware decided otherwise (or the page moved on): Next answers, without charging the page budget twice.
    req.headers[BUDGET_PAID_HEADER] = budgetPaidToken();
    return this.keepThrough(path, req, res, next);
  }

  private fresh(path: string): Entry | undefined {
    const entry = this.entries.get(path);
    if (entry && this.now() - entry.keptAt < KEPT_FOR_MS) return entry;
    if (entry) this.entries.delete(path);
    return undefined;
  }

  /** Lets Next answer while copying what it sends; keeps the copy when it may be kept. */
  private keepThrough(path: string, req: IncomingMessage, res: ServerResponse, next: Handler): void {
    if (this.keeping.has(path)) return next(req, res);
    this.keeping.add(path);
    const copy = copyBody(res);
    let finished = false;
    res.once("close", () => finished || this.keeping.delete(path));
    res.once("finish", () => {
      finished = true;
      const body = copy();
      const csp = res.getHeader("content-security-policy");
      const keptAt = this.now();
      if (!body || typeof csp !== "string" || !mayKeep(res)) return this.keeping.delete(path);
      void plainBody(res, body)
        .then((plain) => keepAnswer(res.getHeaders(), plain, { effort: "quick", drop: ["set-cookie", "content-security-policy"] }))
        .then((answer) => this.remember(path, { ...answer, csp, keptAt }))
        .catch((error: unknown) => console.warn(`[kept pages] could not keep ${path}`, error))
        .finally(() => this.keeping.delete(path));
    });
    next(req, res);
  }

  private remember(path: string, entry: Entry): void {
    this.entries.delete(path);
    while (this.entries.size >= MAX_KEPT) this.entries.delete(this.entries.keys().next().value!);
    this.entries.set(path, entry);
  }
}

/** A 200 HTML page from Next's page cache, rendered for everyone (a stale copy is left to Next). */
function mayKeep(res: ServerResponse): boolean {
  const cache = res.getHeader("x-nextjs-cache");
  return res.statusCode === 200 && String(res.getHeader("content-type") ?? "").startsWith("text/html") && (cache === "HIT" || cache === "MISS");
}

async function plainBody(res: ServerResponse, body: Buffer): Promise<Buffer> {
  const encoding = String(res.getHeader("content-encoding") ?? "identity");
  if (encoding === "identity") return body;
  const undo = decompress[encoding];
  if (!undo) throw new Error(`unknown content-encoding ${encoding}`);
  return undo(body);
}

/**
 * Copies what is written to `res`; the returned function gives the body, or null when it grew
 * too large. Headers given to writeHead are set on `res` first, so getHeaders() sees them all.
 */
function copyBody(res: ServerResponse): () => Buffer | null {
  const chunks: Buffer[] = [];
  let size = 0;
  const add = (chunk: unknown, encoding: unknown) => {
    if (size > MAX_BODY_BYTES || chunk === undefined || chunk === null || typeof chunk === "function") return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk as Uint8Array);
    size += buffer.length;
    chunks.push(buffer);
  };
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((arg) => typeof arg === "object" && arg !== null);
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
    else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value as string);
    return writeHead(status, ...rest.filter((arg) => typeof arg === "string"));
  }) as ServerResponse["writeHead"];
  const write = res.write.bind(res) as (...args: unknown[]) => boolean;
  const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
  res.write = ((chunk: unknown, ...rest: unknown[]) => {
    add(chunk, rest[0]);
    return write(chunk, ...rest);
  }) as ServerResponse["write"];
  res.end = ((chunk?: unknown, ...rest: unknown[]) => {
    add(chunk, rest[0]);
    return end(chunk, ...rest);
  }) as ServerResponse["end"];
  return () => (size > MAX_BODY_BYTES ? null : Buffer.concat(chunks));
}

/** The request's headers for middleware, with the client address as Next's server adds it. */
function requestHeaders(req: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const one of Array.isArray(value) ? value : [value]) headers.append(name, one);
  }
  if (!headers.has("x-forwarded-for") && req.socket.remoteAddress) headers.set("x-forwarded-for", req.socket.remoteAddress);
  return headers;
}

/** What middleware adds to the answer (cookies, script policy, Cache-Control, HSTS), without its instructions to Next. */
function middlewareHeaders(headers: Headers): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  headers.forEach((value, name) => {
    if (name.startsWith("x-middleware-") || name === "set-cookie" || name === "content-length" || name === "content-type") return;
    out[name] = value;
  });
  const cookies = headers.getSetCookie();
  if (cookies.length > 0) out["set-cookie"] = cookies;
  return out;
}
