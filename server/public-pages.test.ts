/** @jest-environment node */
// The kept public pages against a stand-in for Next on loopback: only answers that are the
// same for everyone are kept, and they are sent back byte for byte, while every request
// Next could answer differently still reaches Next.
import http, { type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { chooseEncoding } from "./kept-answer";
import { answerPublicPage, capturePublicPages, type PublicPages } from "./public-pages";

const HOST = "guildhall.test:8080";
const PAGE = Buffer.from(`<!DOCTYPE html><html><body>${"Landing ".repeat(500)}</body></html>`);
const STATIC_HEADERS = {
  "content-type": "text/html; charset=utf-8",
  "cache-control": "s-maxage=31536000",
  etag: '"abc123"',
  "content-security-policy": "script-src 'self' 'sha256-AAAA'",
  vary: "rsc, next-router-state-tree, Accept-Encoding",
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
    if (req.url === "/nonce") headers["content-security-policy"] = "script-src 'nonce-xyz'";
    if (req.url === "/json") headers["content-type"] = "application/json";
    const status = req.url === "/missing" ? 404 : 200;
    res.writeHead(status, headers);
    res.end(req.headers.rsc ? "RSC payload" : PAGE);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { server, port: (server.address() as AddressInfo).port, seen };
}

/** The real front server: kept answers first, the fake Next behind (as server/main.ts does). */
async function startFront(pages: PublicPages, nextPort: number) {
  let passedOn = 0;
  const server = http.createServer((req, res) => {
    if (answerPublicPage(pages, req, res)) return;
    passedOn += 1;
    const upstream = http.request({ host: "127.0.0.1", port: nextPort, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(upstream);
  });
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
  const captured = await capturePublicPages(next.port, HOST, ["/en", "/privacy.html?lang=fr", "/cookie", "/private", "/nonce", "/json", "/missing"]);
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
    "/nonce (per-request script nonce)",
    "/json (not HTML)",
    "/missing (status 404)",
  ]);
});

test("sends the kept page byte for byte with Next's headers, without asking Next again", async () => {
  const before = next.seen.length;
  const answer = await get(front.port, "/en");
  expect(answer.status).toBe(200);
  expect(answer.body.equals(PAGE)).toBe(true);
  expect(answer.headers["content-length"]).toBe(String(PAGE.length));
  expect(answer.headers["content-security-policy"]).toBe(STATIC_HEADERS["content-security-policy"]);
  expect(answer.headers["cache-control"]).toBe("s-maxage=31536000");
  expect(answer.headers.etag).toBe('"abc123"');
  expect(answer.headers.vary).toBe("rsc, next-router-state-tree, Accept-Encoding");
  expect(answer.headers["content-encoding"]).toBeUndefined();
  expect(answer.headers.date).toBeDefined();
  // A query string is part of what is kept: the legal pages' own addresses.
  expect((await get(front.port, "/privacy.html?lang=fr")).body.equals(PAGE)).toBe(true);
  expect(next.seen.length).toBe(before);
  expect(front.passedOn()).toBe(0);
});

test("compresses with brotli or gzip as the browser accepts, to the same bytes", async () => {
  const br = await get(front.port, "/en", { "accept-encoding": "gzip, deflate, br" });
  expect(br.headers["content-encoding"]).toBe("br");
  expect(brotliDecompressSync(br.body).equals(PAGE)).toBe(true);
  expect(Number(br.headers["content-length"])).toBeLessThan(PAGE.length / 10);
  const gzip = await get(front.port, "/en", { "accept-encoding": "gzip, br;q=0" });
  expect(gzip.headers["content-encoding"]).toBe("gzip");
  expect(gunzipSync(gzip.body).equals(PAGE)).toBe(true);
});

test("answers HEAD with the headers only and a matching ETag with 304", async () => {
  const head = await get(front.port, "/en", {}, "HEAD");
  expect(head.status).toBe(200);
  expect(head.headers["content-length"]).toBe(String(PAGE.length));
  expect(head.body.length).toBe(0);
  const notModified = await get(front.port, "/en", { "if-none-match": '"abc123"' });
  expect(notModified.status).toBe(304);
  expect(notModified.body.length).toBe(0);
  expect(front.passedOn()).toBe(0);
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

test("chooses an encoding from Accept-Encoding", () => {
  expect(chooseEncoding(undefined)).toBe("identity");
  expect(chooseEncoding("identity")).toBe("identity");
  expect(chooseEncoding("gzip")).toBe("gzip");
  expect(chooseEncoding("br;q=0.5, gzip")).toBe("br");
  expect(chooseEncoding("BR;q=0, gzip;q=0")).toBe("identity");
  expect(chooseEncoding("*")).toBe("gzip");
});
