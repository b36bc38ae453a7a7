/** @jest-environment node */
// The server's kept copies of the cached dashboard pages (server/kept-pages.ts) with the real
// middleware deciding in-process, in front of a stand-in for Next that runs the same middleware
// and draws a page for what it lets through (as from its page cache). A copy reaches only those
// middleware lets through, with this request's headers; it retires with its guild's next expiry
// (the page cache's tags and store), even when its render began before the write, and after
// KEPT_FOR_MS.
import http, { type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { NextRequest } from "next/server";
import { GUILD_IDS, USER_IDS } from "@/emulators/platform/data/ids";
import { expireEveryGuildsPages, expireGuildPages } from "@/lib/guilds/page-cache";
import { memoryPageCacheStore } from "@/lib/page-cache/memory-store";
import { pageCacheStore, setPageCacheStore } from "@/lib/page-cache/registry";
import { middleware } from "@/middleware";
import { KEPT_FOR_MS, KeptPages } from "@/server/kept-pages";
import { signedInForThisBlock, signedInJar } from "@/test/sign-in";

const ORIGIN = "http://localhost:3000";
const GUILD = GUILD_IDS.workshop;
const WELCOME = `/en/dashboard/${GUILD}/welcome`;

type Reply = { status: number; headers: IncomingHttpHeaders; body: string };

let drawn = 0;
/** What the stand-in for Next draws for a page middleware let through: the same for everyone, numbered. */
const pageFor = (path: string) => `<!DOCTYPE html><html><body>${path} render ${++drawn}</body></html>`;

const kept = new KeptPages(ORIGIN, pageCacheStore);
const nextCalls: string[] = [];
/** How the stand-in answers: Next's page cache state; `hold` keeps the answer until the test releases it. */
let nextAnswer: { cache?: string; hold?: Promise<void> } = { cache: "HIT" };

async function fakeNext(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const path = req.url ?? "/";
  nextCalls.push(path);
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === "string") headers.set(name, value);
  const decision = await middleware(new NextRequest(new URL(path, ORIGIN), { headers }));
  const out: Record<string, string | string[]> = { "content-type": "text/html; charset=utf-8", "cache-control": decision.headers.get("cache-control") ?? "s-maxage=50" };
  if (decision.headers.getSetCookie().length > 0) out["set-cookie"] = decision.headers.getSetCookie();
  const location = decision.headers.get("location");
  if (location) {
    res.writeHead(decision.status, { ...out, location });
    return void res.end();
  }
  if (decision.headers.get("x-middleware-rewrite")) {
    res.writeHead(200, out);
    return void res.end("<p>You do not manage this server</p>");
  }
  const { cache, hold } = nextAnswer;
  const page = pageFor(path);
  await hold;
  if (cache) out["x-nextjs-cache"] = cache;
  res.writeHead(200, out);
  // In pieces, as Next streams.
  res.write(page.slice(0, 20));
  res.end(page.slice(20));
}

let server: http.Server;
let port: number;

beforeAll(async () => {
  setPageCacheStore(memoryPageCacheStore(16 * 1024 * 1024));
  // Copies, renders and expiries are stamped by the clock: only Date is faked, so that each step gets its own millisecond.
  jest.useFakeTimers({ doNotFake: ["hrtime", "nextTick", "performance", "queueMicrotask", "setImmediate", "clearImmediate", "setInterval", "clearInterval", "setTimeout", "clearTimeout"] });
  server = http.createServer((req, res) => {
    const next = (q: IncomingMessage, s: ServerResponse) => void fakeNext(q, s);
    if (kept.accepts(req)) void kept.serve(req, res, next);
    else next(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => {
  jest.useRealTimers();
  server.close();
});
beforeEach(() => {
  nextAnswer = { cache: "HIT" };
  // Past every copy an earlier test made.
  jest.setSystemTime(Date.now() + KEPT_FOR_MS);
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

const callsFor = (path: string) => nextCalls.filter((call) => call === path).length;

/** The clock moves on: a render, a write and a copy do not share a millisecond. */
const tick = () => jest.setSystemTime(Date.now() + 1);

describe("kept dashboard pages", () => {
  const ada = signedInForThisBlock();

  it("sends a manager the copy without asking Next, with this request's cookies and no-store", async () => {
    const first = await get(WELCOME, { cookie: ada.cookie });
    expect(first.status).toBe(200);
    tick();
    const before = callsFor(WELCOME);
    const again = await get(WELCOME, { cookie: ada.cookie });
    expect(callsFor(WELCOME)).toBe(before);
    expect(again.body).toBe(first.body);
    expect(again.headers["cache-control"]).toBe("private, no-store");
    // A cookie middleware sets for this request only (the anti-forgery token), never one kept from another.
    const sessionOnly = ada.cookie.split("; ").filter((pair) => !pair.startsWith("XSRF-TOKEN=")).join("; ");
    const fresh = await get(WELCOME, { cookie: sessionOnly });
    expect(callsFor(WELCOME)).toBe(before);
    expect(String(fresh.headers["set-cookie"])).toMatch(/^XSRF-TOKEN=/);
    expect((await get(WELCOME, { cookie: ada.cookie })).headers["set-cookie"]).toBeUndefined();
  });

  it("never sends the copy to a signed-in user middleware turns away, nor to a visitor signed out", async () => {
    await get(WELCOME, { cookie: ada.cookie });
    tick();
    const bjorn = (await signedInJar(ada.harness, USER_IDS.bjorn)).header();
    const refused = await get(WELCOME, { cookie: bjorn });
    expect(refused.body).toContain("You do not manage this server");
    const anonymous = await get(WELCOME);
    expect(anonymous.status).toBe(307);
    expect(new URL(anonymous.headers.location!).pathname).toBe("/en/login");
  });

  it("retires the guild's copies at its next expiry (another guild's stay), and every copy after KEPT_FOR_MS", async () => {
    const other = `/en/dashboard/${GUILD_IDS.nightOwls}/welcome`;
    await get(WELCOME, { cookie: ada.cookie });
    await get(other, { cookie: ada.cookie });
    tick();
    expireGuildPages(GUILD);
    tick();
    const [welcome, owls] = [callsFor(WELCOME), callsFor(other)];
    await get(WELCOME, { cookie: ada.cookie });
    await get(other, { cookie: ada.cookie });
    expect([callsFor(WELCOME), callsFor(other)]).toEqual([welcome + 1, owls]);
    tick();
    await get(WELCOME, { cookie: ada.cookie });
    expect(callsFor(WELCOME)).toBe(welcome + 1);
    jest.setSystemTime(Date.now() + KEPT_FOR_MS);
    await get(WELCOME, { cookie: ada.cookie });
    expect(callsFor(WELCOME)).toBe(welcome + 2);
  });

  it("retires the copies of an area at its expiry (a plugin's settings saved), in every language, and keeps the guild's other pages", async () => {
    const french = WELCOME.replace("/en/", "/fr/");
    const overview = `/en/dashboard/${GUILD}`;
    for (const path of [WELCOME, french, overview]) await get(path, { cookie: ada.cookie });
    tick();
    const before = [WELCOME, french, overview].map(callsFor);
    expireGuildPages(GUILD, ["welcome"]);
    tick();
    for (const path of [WELCOME, french, overview]) await get(path, { cookie: ada.cookie });
    expect([WELCOME, french, overview].map(callsFor)).toEqual([before[0]! + 1, before[1]! + 1, before[2]]);
    tick();
    expireGuildPages(GUILD, ["overview"]);
    tick();
    for (const path of [WELCOME, overview]) await get(path, { cookie: ada.cookie });
    expect([WELCOME, overview].map(callsFor)).toEqual([before[0]! + 1, before[2]! + 1]);
  });

  it("retires every guild's copies when every guild's pages expire (a feature flag changed)", async () => {
    const other = `/en/dashboard/${GUILD_IDS.nightOwls}/welcome`;
    await get(WELCOME, { cookie: ada.cookie });
    await get(other, { cookie: ada.cookie });
    tick();
    const [welcome, owls] = [callsFor(WELCOME), callsFor(other)];
    expireEveryGuildsPages();
    tick();
    await get(WELCOME, { cookie: ada.cookie });
    await get(other, { cookie: ada.cookie });
    expect([callsFor(WELCOME), callsFor(other)]).toEqual([welcome + 1, owls + 1]);
  });

  it("never keeps the answer of a request that began before a write", async () => {
    let release = () => {};
    nextAnswer = { cache: "MISS", hold: new Promise<void>((resolve) => (release = resolve)) };
    const before = callsFor(WELCOME);
    const answered = get(WELCOME, { cookie: ada.cookie });
    // Next is drawing the page from the settings before the write…
    while (callsFor(WELCOME) === before) await new Promise((resolve) => setImmediate(resolve));
    tick();
    expireGuildPages(GUILD);
    tick();
    release();
    const old = await answered;
    nextAnswer = { cache: "HIT" };
    const after = await get(WELCOME, { cookie: ada.cookie });
    expect(after.body).not.toBe(old.body);
  });

  it.each([
    ["a stale copy from Next's page cache", { cache: "STALE" }],
    ["a page drawn per request", {}],
  ])("keeps no %s", async (_label, answer) => {
    nextAnswer = answer;
    const path = `/de/dashboard/${GUILD}/timers`;
    await get(path, { cookie: ada.cookie });
    tick();
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
    await get(WELCOME, { cookie: ada.cookie });
    tick();
    const before = callsFor(path);
    await get(path, { cookie: ada.cookie, ...headers }, method);
    expect(callsFor(path)).toBe(before + 1);
  });
});
