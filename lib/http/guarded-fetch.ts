import "server-only";
import { lookup as dnsLookup } from "node:dns/promises";
import http, { type IncomingHttpHeaders, type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { getEnv } from "@/lib/env";
import { ipLiteral, isPublicAddress } from "./outbound-address";

// THE fetch for URLs a user gave us (feeds, sites to discover feeds on, webhooks): the server
// must not become a proxy into its own network (DESIGN "Security rules"). Each hop's host is
// resolved once, every address it resolves to must be public, and the connection goes to that
// checked address (a custom `lookup`), so a DNS answer that changes between check and connect
// (rebinding) cannot redirect it. Host header and TLS servername stay the URL's hostname.
// Origins in OUTBOUND_ALLOWED_ORIGINS (tests' and the demo's local fakes) skip the address rule.

export type OutboundErrorKind = "blocked_address" | "too_large" | "timeout" | "too_many_redirects" | "bad_status" | "unreachable" | "bad_url";

export class OutboundError extends Error {
  constructor(
    readonly kind: OutboundErrorKind,
    message: string,
    /** The HTTP status of a bad_status answer. */
    readonly status?: number,
  ) {
    super(message);
    this.name = "OutboundError";
  }
}

export type ResolvedAddress = { address: string; family: number };
/** Every address a hostname resolves to (node:dns by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export type GuardedFetchOptions = {
  /** Body cap in bytes (default 2 MB): a larger Content-Length is refused up front, a longer body is cut off. */
  maxBytes?: number;
  /** Total time for every hop and the whole body (default 10 s). */
  timeoutMs?: number;
  maxRedirects?: number;
  headers?: Record<string, string>;
  resolve?: Resolver;
  /** A POST with this body (an automation calling its webhook); redirects are then not followed. */
  post?: { body: string; contentType: string };
};

export type GuardedResponse = {
  /** The URL that answered, after redirects. */
  url: string;
  status: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
};

export const OUTBOUND_DEFAULTS = { maxBytes: 2 * 1024 * 1024, timeoutMs: 10_000, maxRedirects: 3 };
const USER_AGENT = "GuildhallBot/1.0 (+feeds and alerts for Discord servers)";

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/** GET (or POST, `post`) `rawUrl` under the rules above; non-2xx answers (after redirects) throw bad_status. */
export async function guardedFetch(rawUrl: string, options: GuardedFetchOptions = {}): Promise<GuardedResponse> {
  // A redirected POST would be sent again elsewhere, or turned into a GET: it is refused instead.
  const limits = { ...OUTBOUND_DEFAULTS, ...options, ...(options.post ? { maxRedirects: 0 } : {}) };
  const deadline = Date.now() + limits.timeoutMs;
  let url = parseUrl(rawUrl);
  for (let redirects = 0; ; redirects += 1) {
    const address = await checkedAddress(url, options.resolve ?? systemResolver, deadline);
    const response = await request(url, address, limits, deadline);
    if (!("location" in response)) return response;
    if (redirects >= limits.maxRedirects) throw new OutboundError("too_many_redirects", `more than ${limits.maxRedirects} redirects`);
    url = parseUrl(response.location, url);
  }
}

function parseUrl(text: string, base?: URL): URL {
  let url: URL;
  try {
    // WHATWG parsing turns 0x7f000001, 2130706433 and 0177.0.0.1 into 127.0.0.1 before any check.
    url = new URL(text, base);
  } catch {
    throw new OutboundError("bad_url", "not a URL");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") throw new OutboundError("bad_url", "only http and https URLs");
  if (url.username || url.password) throw new OutboundError("bad_url", "URLs with credentials are refused");
  return url;
}

/** The address to connect to: resolved once, checked unless the origin is an allowed fake. */
async function checkedAddress(url: URL, resolve: Resolver, deadline: number): Promise<ResolvedAddress> {
  const literal = ipLiteral(url.hostname);
  let addresses: ResolvedAddress[];
  if (literal) addresses = [{ address: literal, family: literal.includes(":") ? 6 : 4 }];
  else {
    try {
      addresses = await withDeadline(resolve(url.hostname), deadline);
    } catch (error) {
      if (error instanceof OutboundError) throw error;
      throw new OutboundError("unreachable", `${url.hostname} does not resolve`);
    }
  }
  if (addresses.length === 0) throw new OutboundError("unreachable", `${url.hostname} does not resolve`);
  if (getEnv().OUTBOUND_ALLOWED_ORIGINS.includes(url.origin)) return addresses[0]!;
  // Every address, not just the first: a name that also points inward is refused outright.
  if (addresses.some((item) => !isPublicAddress(item.address))) {
    throw new OutboundError("blocked_address", `${url.hostname} is not a public address`);
  }
  return addresses[0]!;
}

type Redirect = { location: string };

function request(url: URL, address: ResolvedAddress, limits: typeof OUTBOUND_DEFAULTS & GuardedFetchOptions, deadline: number): Promise<GuardedResponse | Redirect> {
  return new Promise((resolve, reject) => {
    const pinned: LookupFunction = (_hostname, lookupOptions, callback) => {
      if (lookupOptions.all) callback(null, [address]);
      else callback(null, address.address, address.family);
    };
    const client = url.protocol === "https:" ? https : http;
    const body = limits.post ? Buffer.from(limits.post.body) : null;
    const req = client.request(url, {
      method: body ? "POST" : "GET",
      agent: false,
      lookup: pinned,
      headers: {
        "user-agent": USER_AGENT,
        "accept-encoding": "identity",
        ...(body ? { "content-type": limits.post!.contentType, "content-length": String(body.length) } : {}),
        ...limits.headers,
      },
    });
    const timer = setTimeout(() => fail(new OutboundError("timeout", `no complete answer within ${limits.timeoutMs} ms`)), Math.max(0, deadline - Date.now()));
    let settled = false;
    function fail(error: OutboundError) {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      req.destroy();
      reject(error);
    }
    function done(value: GuardedResponse | Redirect) {
      settled = true;
      clearTimeout(timer);
      resolve(value);
    }
    req.on("error", () => fail(new OutboundError("unreachable", `${url.host} did not answer`)));
    req.on("response", (res: IncomingMessage) => {
      const status = res.statusCode ?? 0;
      if (status >= 300 && status < 400 && res.headers.location) {
        res.resume();
        return done({ location: res.headers.location });
      }
      if (status < 200 || status >= 300) {
        res.resume();
        return fail(new OutboundError("bad_status", `${url.host} answered ${status}`, status));
      }
      if (Number(res.headers["content-length"] ?? 0) > limits.maxBytes) return fail(tooLarge(limits.maxBytes));
      const chunks: Buffer[] = [];
      let size = 0;
      res.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > limits.maxBytes) return fail(tooLarge(limits.maxBytes));
        chunks.push(chunk);
      });
      res.on("end", () => {
        if (!settled) done({ url: url.href, status, headers: res.headers, body: Buffer.concat(chunks) });
      });
      res.on("error", () => fail(new OutboundError("unreachable", `${url.host} broke off its answer`)));
    });
    req.end(body ?? undefined);
  });
}

function tooLarge(maxBytes: number): OutboundError {
  return new OutboundError("too_large", `the answer is larger than ${maxBytes} bytes`);
}

function withDeadline<T>(promise: Promise<T>, deadline: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new OutboundError("timeout", "name resolution took too long")), Math.max(0, deadline - Date.now()));
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}
