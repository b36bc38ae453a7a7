/** @jest-environment node */
// The server's kept dashboard pages (server/kept-pages.ts) with the real middleware decided
// in-process, in front of a stand-in for Next that runs the same middleware and draws a
// page for what it lets through (as Next's page cache does). Kept bytes reach only those
// middleware lets through, carry this request's cookies and script policy, and retire
// with the guild's next write or after KEPT_FOR_MS.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { nextPageGeneration, pageGeneration } from "@/lib/guilds/page-generation";
import { BUDGET_PAID_HEADER, budgetAlreadyPaid } from "@/lib/http/in-process-middleware";
import { middleware } from "@/middleware";
import { KEPT_FOR_MS, KeptPages } from "@/server/kept-pages";
import { signedInForThisBlock, signedInJar } from "@/test/sign-in";

const ORIGIN = "http://localhost:3000";
const GUILD = GUILD_IDS.workshop;
const WELCOME = `/en/dashboard/${GUILD}/welcome`;

type NextCall = { path: string; headers: IncomingHttpHeaders };
type Reply = { status: number; headers: IncomingHttpHeaders; body: string };

/** What the stand-in for Next draws for a page middleware let through: the same for everyone. */
const pageFor = (path: string) => `<!DOCTYPE html><html><body>${path} generation ${pageGeneration(GUILD)} ${"settings ".repeat(300)}</body></html>`;

let clock = Date.now();
const kept = new KeptPages(ORIGIN, () => clock);
const nextCalls: NextCall[] = [];
/** How the stand-in answers a page middleware lets through: Next's page cache state and encoding. */
let nextAnswer: { cache?: string; gzip?: boolean } = { cache: "HIT" };

async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = req.url ?? "/";
  nextCalls.push({ path, headers: { ...req.headers } });
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const decision = await middleware(new NextRequest(new URL(path, ORIGIN), { headers }));
  const out: Record<string, string | string[]> = { "content-type": "text/html; charset=utf-8" };
  const csp = decision.headers.get("content-security-policy");
  if (csp) out["content-security-policy"] = csp;
  out["cache-control"] = decision.headers.get("cache-control") ?? "s-maxage=50";
  if (decision.headers.getSetCookie().length > 0) out["set-cookie"] = decision.headers.getSetCookie();
  const location = decision.headers.get("location");
  if (location) {
    res.writeHead(decision.status, { ...out, location });
    return void res.end();
  }
  if (decision.headers.get("x-middleware-rewrite")) {
    // The "unavailable" page: rendered per request, not from the page cache.
    res.writeHead(200, out);
    return void res.end("<p>You do not manage this server</p>");
  }
  if (nextAnswer.cache) out["x-nextjs-cache"] = nextAnswer.cache;
  const page = Buffer.from(pageFor(path));
  if (nextAnswer.gzip) out["content-encoding"] = "gzip";
  res.writeHead(200, out);
  // In pieces, as Next streams.
  const body = nextAnswer.gzip ? gzipSync(page) : page;
  res.write(body.subarray(0, 100));
  res.end(body.subarray(100));
}

let server: http.Server;
let port: number;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const next = (q: IncomingMessage, s: ServerResponse) => void fakeNext(q, s);
    if (kept.accepts(req)) void kept.serve(req, res, next);
    else next(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => server.close());
beforeEach(() => {
  nextAnswer = { cache: "HIT" };
  // Past every kept answer of an earlier test.
  clock += KEPT_FOR_MS;
});

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: "127.0.0.1", port, path, method, headers: { host: "localhost:3000", ...headers } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.on("error", reject);
    request.end();
  });
}

/** The second load is answered from the kept page once the first one's copy is kept (kept asynchronously). */
async function keep(path: string, cookie: string): Promise<Reply> {
  const first = await get(path, { cookie });
  for (let i = 0; i < 50 && !kept.has(path); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  return first;
}

const callsFor = (path: string) => nextCalls.filter((call) => call.path === path).length;

describe("kept dashboard pages", () => {
  const ada = signedInForThisBlock();

  it("sends a manager the kept page without asking Next, with this request's script policy and no-store", async () => {
    const first = await keep(WELCOME, ada.cookie);
    expect(first.status).toBe(200);
    const before = callsFor(WELCOME);
    const again = await get(WELCOME, { cookie: ada.cookie });
    expect(callsFor(WELCOME)).toBe(before);
    expect(again.status).toBe(200);
    expect(again.body).toBe(first.body);
    expect(again.headers["content-security-policy"]).toBe(first.headers["content-security-policy"]);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    expect(again.headers["x-nextjs-cache"]).toBe("HIT");
  });

  it("carries the cookies middleware sets for this request, and never one kept from another", async () => {
    await keep(WELCOME, ada.cookie);
    const sessionOnly = ada.cookie.split("; ").filter((pair) => !pair.startsWith("XSRF-TOKEN=")).join("; ");
    const before = callsFor(WELCOME);
    const fresh = await get(WELCOME, { cookie: sessionOnly });
    expect(callsFor(WELCOME)).toBe(before);
    expect(String(fresh.headers["set-cookie"])).toMatch(/^XSRF-TOKEN=/);
    const withToken = await get(WELCOME, { cookie: ada.cookie });
    expect(withToken.headers["set-cookie"]).toBeUndefined();
  });

  it("compresses the kept page as the browser accepts, from a page Next sent gzipped", async () => {
    nextAnswer = { cache: "MISS", gzip: true };
    const path = `/fr/dashboard/${GUILD}/moderator`;
    await keep(path, ada.cookie);
    const before = callsFor(path);
    const br = await get(path, { cookie: ada.cookie, "accept-encoding": "br" });
    expect(br.headers["content-encoding"]).toBe("br");
    const plain = await get(path, { cookie: ada.cookie });
    expect(plain.body).toBe(pageFor(path));
    expect(callsFor(path)).toBe(before);
  });

  it("never sends the kept page to a signed-in user middleware turns away, nor to a visitor signed out", async () => {
    await keep(WELCOME, ada.cookie);
    const bjorn = (await signedInJar(ada.harness, USER_IDS.bjorn)).header();
    const before = callsFor(WELCOME);
    const refused = await get(WELCOME, { cookie: bjorn });
    expect(refused.body).toContain("You do not manage this server");
    const anonymous = await get(WELCOME);
    expect(anonymous.status).toBe(307);
    expect(new URL(anonymous.headers.location!).pathname).toBe("/en/login");
    // Both went to Next, which decided again, without charging the page budget twice.
    const passedOn = nextCalls.filter((call) => call.path === WELCOME).slice(before);
    expect(passedOn).toHaveLength(2);
    for (const call of passedOn) expect(budgetAlreadyPaid(String(call.headers[BUDGET_PAID_HEADER]))).toBe(true);
  });

  it("retires a guild's kept pages at its next write, and every kept page after KEPT_FOR_MS", async () => {
    await keep(WELCOME, ada.cookie);
    nextPageGeneration(GUILD);
    const before = callsFor(WELCOME);
    const afterWrite = await get(WELCOME, { cookie: ada.cookie });
    expect(callsFor(WELCOME)).toBe(before + 1);
    expect(afterWrite.body).toBe(pageFor(WELCOME));

    await new Promise((resolve) => setTimeout(resolve, 100));
    await get(WELCOME, { cookie: ada.cookie });
    expect(callsFor(WELCOME)).toBe(before + 1);
    clock += KEPT_FOR_MS;
    await get(WELCOME, { cookie: ada.cookie });
    expect(callsFor(WELCOME)).toBe(before + 2);
  });

  it.each([
    ["a stale copy from Next's page cache", { cache: "STALE" }],
    ["a page rendered per request", {}],
  ])("keeps no %s", async (_label, answer) => {
    nextAnswer = answer;
    const path = `/de/dashboard/${GUILD}/timers`;
    await get(path, { cookie: ada.cookie });
    await new Promise((resolve) => setTimeout(resolve, 50));
    const before = callsFor(path);
    await get(path, { cookie: ada.cookie });
    expect(callsFor(path)).toBe(before + 1);
  });

  it.each([
    ["a client-router request", WELCOME, { rsc: "1" }, "GET"],
    ["a prefetch", WELCOME, { "next-router-prefetch": "1" }, "GET"],
    ["a query string", `${WELCOME}?tab=2`, {}, "GET"],
    ["HEAD", WELCOME, {}, "HEAD"],
    ["another host", WELCOME, { host: "127.0.0.1:3000" }, "GET"],
    ["a page that is not cached", `/en/dashboard/${GUILD}/audit-log/x`, {}, "GET"],
  ])("passes %s straight to Next", async (_label, path, headers, method) => {
    await keep(WELCOME, ada.cookie);
    const before = callsFor(path);
    await get(path, { cookie: ada.cookie, ...headers }, method);
    expect(callsFor(path)).toBe(before + 1);
  });
});
