/** @jest-environment node */
// The page cache shared through a real redis-server (lib/page-cache/redis-store.ts), two stores
// standing for two instances of the app: a page drawn by one is served by the other, an expiry
// on one retires the other's copies at once, and while Redis is away nothing stale is served
// and no expiry is lost.
import { freePort } from "@/test/free-port";
import { spawn, type ChildProcess } from "node:child_process";
import { createClient, type RedisClientType } from "redis";
import { guildPagesTag } from "@/lib/guilds/page-cache-tag";
import { CLOCK_SKEW_MS, redisPageCacheStore } from "@/lib/page-cache/redis-store";
import { isCurrent, type CachedPage, type PageCacheStore } from "@/lib/page-cache/store";

const GUILD = "584327784348909864";
const TAG = guildPagesTag(GUILD);

type Client = RedisClientType;
let port: number;
let redis: ChildProcess;
const clients: Client[] = [];

beforeAll(async () => {
  port = await freePort();
  redis = await startRedis(port);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close().catch(() => undefined)));
  redis.kill("SIGKILL");
});

/** One more instance of the app: its own connection and store. */
async function instance(): Promise<{ store: PageCacheStore; client: Client }> {
  const client = createClient({ url: `redis://127.0.0.1:${port}`, disableOfflineQueue: true, socket: { reconnectStrategy: () => 50 } });
  client.on("error", () => undefined);
  clients.push(client);
  await client.connect();
  return { store: redisPageCacheStore(client, { localBytes: 16 * 1024 * 1024 }), client };
}

/** A page with Next's kinds of content (buffers, maps), drawn at `renderedAt`. */
function page(html: string, renderedAt: number): CachedPage {
  return {
    value: { kind: "APP_PAGE", html, rscData: Buffer.from(`rsc ${html}`), segmentData: new Map([["/_tree", Buffer.from("tree")]]), headers: { "x-next-cache-tags": TAG }, status: 200 },
    tags: [TAG],
    renderedAt,
    cacheControl: { revalidate: 60, expire: 31536000 },
  };
}

describe("the page cache in Redis", () => {
  it("serves on one instance what another drew, Next's buffers and maps intact", async () => {
    const [a, b] = [await instance(), await instance()];
    await a.store.set("/welcome", page("<p>drawn by A</p>", Date.now()));
    const seen = await b.store.get("/welcome");
    expect(seen?.value).toEqual(page("<p>drawn by A</p>", 0).value);
    expect(Buffer.isBuffer((seen?.value as { rscData: unknown }).rscData)).toBe(true);
  });

  it("retires every instance's copy of a guild's pages with one instance's expiry, at once", async () => {
    const [a, b] = [await instance(), await instance()];
    const drawnAt = Date.now() - 2 * CLOCK_SKEW_MS;
    await a.store.set("/overview", page("<p>before the write</p>", drawnAt));
    const copy = (await b.store.get("/overview"))!;
    expect(await isCurrent(b.store, copy)).toBe(true);
    await a.store.expire([TAG]);
    // B's copy, in B's memory, is checked against Redis: retired without waiting for anything.
    expect(await isCurrent(b.store, (await b.store.get("/overview"))!)).toBe(false);
    // A page drawn after the write (past the clock margin) is current again.
    expect(await isCurrent(b.store, page("<p>after</p>", Date.now() + CLOCK_SKEW_MS + 1))).toBe(true);
  });

  it("while Redis is away serves nothing it cannot check, and sends an expiry made meanwhile once Redis is back", async () => {
    const [a, b] = [await instance(), await instance()];
    await a.store.set("/music", page("<p>old</p>", Date.now() - 2 * CLOCK_SKEW_MS));
    const copy = (await b.store.get("/music"))!;
    redis.kill("SIGKILL");
    await waitUntil(() => !a.client.isReady && !b.client.isReady);
    // Neither instance can check a page: the cache answers nothing (pages are drawn anew).
    await expect(isCurrent(b.store, copy)).rejects.toThrow();
    // A write on A during the outage: its expiry cannot be sent now.
    await expect(a.store.expire([TAG])).rejects.toThrow();
    await expect(a.store.lastExpiry([TAG])).rejects.toThrow();

    redis = await startRedis(port);
    await waitUntil(() => a.client.isReady && b.client.isReady);
    // The restarted Redis is empty; A sends the expiry it kept, and B dropped its copies.
    await waitUntil(async () => (await b.store.lastExpiry([TAG]).catch(() => 0)) > 0);
    expect(await b.store.get("/music")).toBeUndefined();
    expect(await isCurrent(b.store, copy)).toBe(false);
  });
});

/** Debian's redis-server on `port`, without persistence; resolves once it accepts connections. */
function startRedis(on: number): Promise<ChildProcess> {
  const child = spawn("redis-server", ["--port", String(on), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no"], { stdio: ["ignore", "pipe", "pipe"] });
  return new Promise((resolve, reject) => {
    let output = "";
    child.stdout!.on("data", (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes("Ready to accept connections")) resolve(child);
    });
    child.once("error", (error: NodeJS.ErrnoException) => reject(error.code === "ENOENT" ? new Error("redis-server was not found: apt-get install -y redis-server") : error));
    child.once("exit", (code) => reject(new Error(`redis-server exited (${code}):\n${output}`)));
  });
}

/** Polls a condition the test cannot await directly (a connection coming and going). */
async function waitUntil(condition: () => boolean | Promise<boolean>): Promise<void> {
  while (!(await condition())) await new Promise((resolve) => setTimeout(resolve, 20));
}
