// The pages Next keeps in its page cache under a guild's tag (a guild's overview, plugin pages,
// copy settings, audit log, public leaderboard) and my servers are the same bytes for everyone
// middleware lets through: who may see them is decided per request, what they show is not. Next's path for such a page (routing, its page
// cache, sending) costs several times middleware's decision, so the server keeps a copy of what
// Next answered for a path and, on the next request for it, asks middleware for its decision in
// this process (lib/http/in-process-middleware.ts) and sends the copy with middleware's headers
// (cookies, Cache-Control) when middleware lets the request through, as Next would have.
//
// A copy is sent only while it is what Next would serve:
// - none of its tags (its guild's, lib/guilds/page-cache.ts) expired since the request that made
//   it began: the same tags and store as Next's page cache (lib/page-cache/), so a write on any
//   instance retires every instance's copies at once;
// - it is at most KEPT_FOR_MS old (what changes without a write shows after Next's `revalidate`);
// - it came from Next's page cache (`x-nextjs-cache`), status 200, as HTML.
// Anything else (a redirect to the login, a rewrite to "unavailable", a client-router request, a
// query string, another host) goes to Next, which decides and renders as always. Copies are kept
// as Next drew them, with the drawing nonce: server/send-page.ts gives each response its own.
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from "node:http";
import { LEADERBOARD_AREA, OVERVIEW_AREA, guildPageTags } from "../lib/guilds/page-cache-tag";
import { inProcessMiddleware } from "../lib/http/in-process-middleware";
import { LOCALES } from "../lib/i18n/locales";
import type { PageCacheStore } from "../lib/page-cache/store";

export const KEPT_FOR_MS = 30_000;
/** Bytes of pages kept at once (a plugin page is ~60 KB); the oldest go first. */
const MAX_KEPT_BYTES = 128 * 1024 * 1024;

/**
 * My servers (/{locale}/dashboard), a guild's cached pages (/{locale}/dashboard/{id}[/{page}])
 * and its public leaderboard's list pages (/{locale}/leaderboard/{id}[/{page}]).
 */
const KEEPABLE = new RegExp(`^/(?:${LOCALES.join("|")})/(?:dashboard(?:/(\\d{17,20})(?:/([a-z0-9_-]+))?)?|leaderboard/(\\d{17,20})(?:/\\d+)?)$`);

type Kept = { headers: OutgoingHttpHeaders; body: Buffer; tags: string[]; keptAt: number };
type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** Headers that are not the page's: each response's own (transfer, cookies, policy) and Next's instructions. */
const NOT_KEPT = new Set(["date", "connection", "keep-alive", "transfer-encoding", "content-length", "content-encoding", "set-cookie", "content-security-policy"]);

export class KeptPages {
  private readonly copies = new Map<string, Kept>();
  private bytes = 0;

  /** `origin`: APP_URL's (on any other host, the server redirects first: server/canonical-host.ts). */
  constructor(
    private readonly origin: string,
    private readonly store: () => PageCacheStore,
  ) {}

  /** Whether this request may be answered from a copy: a plain GET of a cached dashboard page on APP_URL's host. */
  accepts(req: IncomingMessage): boolean {
    return req.method === "GET" && KEEPABLE.test(req.url ?? "") && req.headers.host === new URL(this.origin).host && isPlainDocumentRequest(req);
  }

  /** Answers an accepted request from its copy, or lets `next` answer it (keeping a copy when it may). */
  async serve(req: IncomingMessage, res: ServerResponse, next: Handler): Promise<void> {
    const path = req.url ?? "";
    const copy = await this.current(path);
    const decide = inProcessMiddleware();
    if (!copy || !decide) return this.keepThrough(path, req, res, next);
    let decision: Response;
    try {
      decision = await decide(new URL(path, this.origin).href, requestHeaders(req));
    } catch {
      // Next runs middleware again and answers its failure as always.
      return next(req, res);
    }
    const headers = decision.headers;
    if (headers.get("x-middleware-next") === "1" && !headers.has("x-middleware-rewrite")) {
      res.writeHead(200, { ...copy.headers, ...middlewareHeaders(headers), "content-length": copy.body.length });
      res.end(copy.body);
      return;
    }
    if (headers.has("location")) {
      // Middleware's own answer (the login): sent as Next would send it.
      res.writeHead(decision.status, middlewareHeaders(headers));
      res.end();
      return;
    }
    // A rewrite (the "unavailable" page): Next draws it, asking middleware once more.
    next(req, res);
  }

  /** The copy of this path, while it is young enough and none of its tags expired since it was made. */
  private async current(path: string): Promise<Kept | undefined> {
    const copy = this.copies.get(path);
    if (!copy) return undefined;
    const fresh = Date.now() - copy.keptAt < KEPT_FOR_MS && (await this.store().lastExpiry(copy.tags).catch(() => Infinity)) < copy.keptAt;
    if (fresh) return copy;
    this.drop(path);
    return undefined;
  }

  /** Lets Next answer while copying what it sends; keeps the copy when it may be kept. */
  private keepThrough(path: string, req: IncomingMessage, res: ServerResponse, next: Handler): void {
    // Stamped before Next looks at its cache: an expiry after this retires the copy.
    const keptAt = Date.now();
    copyBody(res, (body) => {
      if (mayKeep(res)) this.remember(path, { headers: keptHeaders(res.getHeaders()), body, tags: tagsOf(path), keptAt });
    });
    next(req, res);
  }

  private remember(path: string, copy: Kept): void {
    this.drop(path);
    if (copy.body.length > MAX_KEPT_BYTES) return;
    while (this.bytes + copy.body.length > MAX_KEPT_BYTES) this.drop(this.copies.keys().next().value!);
    this.copies.set(path, copy);
    this.bytes += copy.body.length;
  }

  private drop(path: string): void {
    const copy = this.copies.get(path);
    if (!copy) return;
    this.copies.delete(path);
    this.bytes -= copy.body.length;
  }
}

/**
 * A guild's page carries what Next's copy carries (lib/guilds/page-cache-tag.ts): its guild's
 * tag, its area's (the page's slug, the overview's, the leaderboard's) and every guild's; my
 * servers none (the same for everyone until the next build).
 */
function tagsOf(path: string): string[] {
  const match = KEEPABLE.exec(path);
  if (match?.[1]) return guildPageTags(match[1], match[2] ?? OVERVIEW_AREA);
  if (match?.[3]) return guildPageTags(match[3], LEADERBOARD_AREA);
  return [];
}

/** A 200 HTML page from Next's page cache, drawn for everyone (a stale copy is left to Next). */
function mayKeep(res: ServerResponse): boolean {
  const cache = res.getHeader("x-nextjs-cache");
  return res.statusCode === 200 && String(res.getHeader("content-type") ?? "").startsWith("text/html") && (cache === "HIT" || cache === "MISS");
}

function keptHeaders(headers: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const kept: OutgoingHttpHeaders = {};
  for (const [name, value] of Object.entries(headers)) if (value !== undefined && !NOT_KEPT.has(name)) kept[name] = value;
  return kept;
}

/**
 * A browser asking for the document itself: no query, no forwarded host (Next may trust it),
 * and none of the client router's headers (`RSC`, `Next-Router-*`, `Next-Url`), which ask Next
 * for another representation of the same path.
 */
function isPlainDocumentRequest(req: IncomingMessage): boolean {
  for (const name of Object.keys(req.headers)) {
    if (name === "rsc" || name === "x-forwarded-host" || name.startsWith("next-")) return false;
  }
  return true;
}

/** Hands `done` what Next wrote to `res` (as drawn: this runs before server/send-page.ts's writer), unless it grew past the bound. */
function copyBody(res: ServerResponse, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  let size = 0;
  const add = (chunk: unknown, encoding: unknown) => {
    if (size > MAX_KEPT_BYTES || (typeof chunk !== "string" && !(chunk instanceof Uint8Array))) return;
    const buffer = typeof chunk === "string" ? Buffer.from(chunk, typeof encoding === "string" ? (encoding as BufferEncoding) : "utf8") : Buffer.from(chunk);
    size += buffer.length;
    chunks.push(buffer);
  };
  // Headers given to writeHead are set on `res` first, so that getHeaders() sees them all.
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => {
    const headers = rest.find((arg) => typeof arg === "object" && arg !== null) as OutgoingHttpHeaders | unknown[] | undefined;
    if (Array.isArray(headers)) for (let i = 0; i + 1 < headers.length; i += 2) res.setHeader(String(headers[i]), headers[i + 1] as string);
    else if (headers) for (const [name, value] of Object.entries(headers)) if (value !== undefined) res.setHeader(name, value);
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
    const ended = end(chunk, ...rest);
    if (size <= MAX_KEPT_BYTES) done(Buffer.concat(chunks));
    return ended;
  }) as ServerResponse["end"];
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

/** What middleware adds to the answer (cookies, Cache-Control, HSTS, Location), without its instructions to Next. */
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
