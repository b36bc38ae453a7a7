/** @jest-environment node */
// The kept public pages against a stand-in for Next on loopback, sent as the production server
// sends them (server/send-page.ts): only answers that are the same for everyone are kept, each
// response carries a fresh script nonce written where the page was drawn with the drawing
// nonce, and every request Next could answer differently still reaches Next.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { drawingNonce, nonceOfPolicy } from "@/lib/http/csp";
import { answerPublicPage, capturePublicPages, type PublicPages } from "./public-pages";
import { sendPage } from "./send-page";

const HOST = "guildhall.test:8080";
const drawn = (nonce: string) => Buffer.from(`<!DOCTYPE html><html><head><script nonce="${nonce}" src="/a.js"></script></head><body>${"Landing ".repeat(500)}<script nonce="${nonce}">self.__next_f.push([0])</script></body></html>`);
const PAGE = drawn(drawingNonce());
const STATIC_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "s-maxage=31536000",
  etag: '"abc123"',
  vary: "rsc, next-router-state-tree",
};

type Seen = { url: string; headers: IncomingHttpHeaders };

/** Plays Next: a static page, and pages that must not be kept. */
async function startFakeNext() {
  const seen: Seen[] = [];
  const server = http.createServer((req, res) => {
    seen.push({ url: req.url ?? "", headers: req.headers });
    const headers: Record<string, string> = { ...STATIC_HEADERS };
    if (req.url === "/cookie") headers["set-cookie"] = "XSRF-TOKEN=1";
    if (req.url === "/private") headers["cache-control"] = "private, no-store";
    if (req.url === "/json") headers["content-type"] = "application/json";
    const status = req.url === "/missing" ? 404 : 200;
    res.writeHead(status, headers);
    // A page drawn at build, or for one request, names no drawing nonce.
    res.end(req.headers.rsc ? "RSC payload" : req.url === "/per-request" ? drawn("xyz") : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/** The real front server: kept answers first, the fake Next behind, all sent through sendPage (as server/main.ts does). */
async function startFront(pages: PublicPages, nextPort: number) {
  let passedOn = 0;
  const toNext = (req: IncomingMessage, res: ServerResponse) => {
    passedOn += 1;
    const upstream = http.request({ host: "127.0.0.1", port: nextPort, path: req.url, method: req.method, headers: { ...req.headers, "accept-encoding": "identity" } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  };
  const server = http.createServer((req, res) => sendPage(req, res, (q, s) => answerPublicPage(pages, q, s) || toNext(q, s)));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, passedOn: () => passedOn };
}

function get(port: number, path: string, headers: Record<string, string> = {}, method = "GET") {
  return new Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers: { host: HOST, ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    });
    request.on("error", reject);
    request.end();
  });
}

let next: Awaited<ReturnType<typeof startFakeNext>>;
let front: Awaited<ReturnType<typeof startFront>>;
let skipped: string[];

beforeAll(async () => {
  next = await startFakeNext();
  const captured = await capturePublicPages(next.port, HOST, ["/en", "/privacy.html?lang=fr", "/cookie", "/private", "/per-request", "/json", "/missing"]);
  skipped = captured.skipped;
  front = await startFront(captured.pages, next.port);
});
afterAll(() => {
  next.server.close();
  front.server.close();
});

test("asks Next for each page once, as a first-time visitor on APP_URL's host, uncompressed", () => {
  const en = next.seen.filter((request) => request.url === "/en");
  expect(en).toHaveLength(1);
  expect(en[0]!.headers.host).toBe(HOST);
  expect(en[0]!.headers["accept-encoding"]).toBe("identity");
  expect(en[0]!.headers.cookie).toBeUndefined();
});

test("keeps only answers that are the same for everyone, and says why the others are not", () => {
  expect(skipped).toEqual([
    "/cookie (sets a cookie)",
    "/private (private)",
    "/per-request (not drawn with the drawing nonce)",
    "/json (not HTML)",
    "/missing (status 404)",
  ]);
});

/** The page as a response must show it: the drawing nonce replaced by the nonce of the response's policy. */
function expectPageWithOwnNonce(answer: { headers: IncomingHttpHeaders; body: Buffer }): string {
  const nonce = nonceOfPolicy(String(answer.headers["content-security-policy"]));
  expect(nonce).toMatch(/^[\w-]{24}$/);
  expect(answer.body.equals(drawn(nonce!))).toBe(true);
  expect(answer.body.includes(drawingNonce())).toBe(false);
  return nonce!;
}

test("sends the kept page with Next's headers and a fresh nonce per response, without asking Next again", async () => {
  const before = next.seen.length;
  const answer = await get(front.port, "/en");
  expect(answer.status).toBe(200);
  const first = expectPageWithOwnNonce(answer);
  expect(answer.headers["content-length"]).toBe(String(PAGE.length));
  expect(answer.headers["cache-control"]).toBe("s-maxage=31536000");
  expect(answer.headers.vary).toBe("rsc, next-router-state-tree, Accept-Encoding");
  expect(answer.headers["content-encoding"]).toBeUndefined();
  expect(answer.headers.date).toBeDefined();
  // The same body with another nonce must never be answered 304 against the first.
  expect(answer.headers.etag).toBeUndefined();
  const second = expectPageWithOwnNonce(await get(front.port, "/en", { "if-none-match": '"abc123"' }));
  expect(second).not.toBe(first);
  // A query string is part of what is kept: the legal pages' own addresses.
  expectPageWithOwnNonce(await get(front.port, "/privacy.html?lang=fr"));
  expect(next.seen.length).toBe(before);
  expect(front.passedOn()).toBe(0);
});

test("compresses with brotli or gzip as the browser accepts", async () => {
  const br = await get(front.port, "/en", { "accept-encoding": "gzip, deflate, br" });
  expect(br.headers["content-encoding"]).toBe("br");
  expectPageWithOwnNonce({ headers: br.headers, body: brotliDecompressSync(br.body) });
  expect(br.body.length).toBeLessThan(PAGE.length / 10);
  const gzip = await get(front.port, "/en", { "accept-encoding": "gzip, br;q=0" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expectPageWithOwnNonce({ headers: gzip.headers, body: gunzipSync(gzip.body) });
});

test("answers HEAD with the headers only", async () => {
  const head = await get(front.port, "/en", {}, "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers["content-length"]).toBe(String(PAGE.length));
  expect(head.body.length).toBe(0);
  expect(front.passedOn()).toBe(0);
});

test("gives pages Next answers their policy and nonce too: the drawing nonce never leaves the server", async () => {
  const before = front.passedOn();
  const fromNext = await get(front.port, "/cookie", { "accept-encoding": "gzip" });
  expect(front.passedOn()).toBe(before + 1);
  expectPageWithOwnNonce({ headers: fromNext.headers, body: gunzipSync(fromNext.body) });
  // Not HTML: no policy, nothing written.
  const json = await get(front.port, "/json");
  expect(json.headers["content-security-policy"]).toBeUndefined();
  expect(json.body.equals(PAGE)).toBe(true);
});

test.each([
  ["another path's query", "/en?utm=1", {}, "GET"],
  ["another host (Next redirects it)", "/en", { host: "127.0.0.1:8080" }, "GET"],
  ["a forwarded host", "/en", { "x-forwarded-host": "elsewhere.test" }, "GET"],
  ["a client-router request", "/en", { rsc: "1" }, "GET"],
  ["a router prefetch", "/en", { "next-router-prefetch": "1" }, "GET"],
  ["a server action", "/en", { "next-action": "abc" }, "POST"],
  ["a page not kept", "/cookie", {}, "GET"],
])("passes %s on to Next", async (_label, path, headers, method) => {
  const before = front.passedOn();
  await get(front.port, path, headers as Record<string, string>, method);
  expect(front.passedOn()).toBe(before + 1);
});
