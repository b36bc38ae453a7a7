/** @jest-environment node */
import { resourceKey } from "./calls";
import { GUILD_IDS } from "./data/ids";
import { startPlatformEmulator, type PlatformEmulator } from "./server";
import { BOT_AUTH, bearer, getJson, postToken, signIn, emulatorForThisFile } from "./test-helpers";

let emulator: PlatformEmulator;
let api: string;
let ada: string;

emulatorForThisFile(
  (started) => {
    emulator = started;
    api = `${started.url}/api/v10`;
  },
  { resetEach: false },
);

beforeEach(async () => {
  emulator.reset();
  ada = (await signIn(emulator.url)).access_token;
  emulator.resetCalls();
});

const control = (path: string, method: string, body?: unknown) =>
  fetch(`${emulator.url}/__emulator${path}`, {
    method,
    headers: { "Content-Type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

function expectRateLimitHeaders(headers: Headers): void {
  expect(headers.get("x-ratelimit-limit")).toMatch(/^\d+$/);
  expect(headers.get("x-ratelimit-remaining")).toMatch(/^\d+$/);
  expect(headers.get("x-ratelimit-reset")).toMatch(/^\d+\.\d+$/);
  expect(headers.get("x-ratelimit-reset-after")).toMatch(/^\d+\.\d+$/);
  expect(headers.get("x-ratelimit-bucket")).toMatch(/^[0-9a-f]{32}$/);
}

describe("rate limit headers", () => {
  it("come with every API answer, with a stable bucket per route", async () => {
    const first = await getJson(`${api}/users/@me/guilds`, bearer(ada));
    const second = await getJson(`${api}/users/@me/guilds`, bearer(ada));
    expectRateLimitHeaders(first.headers);
    expect(first.headers.get("x-ratelimit-limit")).toBe("10");
    expect(Number(second.headers.get("x-ratelimit-remaining"))).toBe(Number(first.headers.get("x-ratelimit-remaining")) - 1);
    expect(second.headers.get("x-ratelimit-bucket")).toBe(first.headers.get("x-ratelimit-bucket"));
    const other = await getJson(`${api}/users/@me`, bearer(ada));
    expect(other.headers.get("x-ratelimit-bucket")).not.toBe(first.headers.get("x-ratelimit-bucket"));
    expect(other.headers.get("x-ratelimit-limit")).toBe("50");
    expectRateLimitHeaders((await getJson(`${api}/nope`, bearer(ada))).headers);
  });

  it("answer 429 once a bucket is exhausted, per token", async () => {
    const statuses: number[] = [];
    let limited: Awaited<ReturnType<typeof getJson<{ message: string; retry_after: number; global: boolean }>>> | undefined;
    for (let i = 0; i < 11; i++) {
      const response = await getJson<{ message: string; retry_after: number; global: boolean }>(`${api}/users/@me/guilds`, bearer(ada));
      statuses.push(response.status);
      if (response.status === 429) limited = response;
    }
    expect(statuses.slice(0, 10).every((status) => status === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(limited!.body).toEqual({ message: "You are being rate limited.", retry_after: expect.any(Number), global: false });
    expect(limited!.body.retry_after).toBeGreaterThan(0);
    expect(limited!.body.retry_after).toBeLessThanOrEqual(1);
    expect(limited!.headers.get("retry-after")).toBe("1");
    expect(limited!.headers.get("x-ratelimit-scope")).toBe("user");
    expect(limited!.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited!.headers.has("x-ratelimit-global")).toBe(false);

    // Another credential has its own bucket.
    expect((await getJson(`${api}/users/@me/guilds`, BOT_AUTH)).status).toBe(200);
    // And the bucket refills.
    await new Promise((resolve) => setTimeout(resolve, limited!.body.retry_after * 1000 + 50));
    expect((await getJson(`${api}/users/@me/guilds`, bearer(ada))).status).toBe(200);
  });
});

describe("injected faults", () => {
  it("429 with Retry-After, body.retry_after and rate-limit headers, once by default", async () => {
    emulator.injectFault({ path: "/users/@me/guilds", status: 429, retry_after: 2.5 });
    const limited = await getJson<{ message: string; retry_after: number; global: boolean }>(`${api}/users/@me/guilds`, bearer(ada));
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ message: "You are being rate limited.", retry_after: 2.5, global: false });
    expect(limited.headers.get("retry-after")).toBe("3");
    expect(limited.headers.get("x-ratelimit-scope")).toBe("user");
    expect(limited.headers.get("x-ratelimit-remaining")).toBe("0");
    expect(limited.headers.get("x-ratelimit-reset-after")).toBe("2.500");
    expectRateLimitHeaders(limited.headers);
    expect((await getJson(`${api}/users/@me/guilds`, bearer(ada))).status).toBe(200);
  });

  it("global 429", async () => {
    emulator.injectFault({ path: "/users/@me", status: 429, global: true, retry_after: 1 });
    const limited = await getJson<{ global: boolean }>(`${api}/users/@me`, bearer(ada));
    expect(limited.status).toBe(429);
    expect(limited.body.global).toBe(true);
    expect(limited.headers.get("x-ratelimit-global")).toBe("true");
    expect(limited.headers.get("x-ratelimit-scope")).toBe("global");
  });

  it("5xx for a method and a count, matched on the route template too", async () => {
    emulator.injectFault({ path: "/guilds/:id", method: "get", status: 500, count: 2 });
    const url = `${api}/guilds/${GUILD_IDS.workshop}`;
    const first = await getJson(url, BOT_AUTH);
    expect(first.status).toBe(500);
    expect(first.body).toEqual({ message: "500: Internal Server Error", code: 0 });
    expect((await getJson(url, BOT_AUTH)).status).toBe(500);
    expect((await getJson(url, BOT_AUTH)).status).toBe(200);

    emulator.injectFault({ path: "/users/@me", status: 503 });
    expect((await getJson(`${api}/users/@me`, bearer(ada))).status).toBe(503);
  });

  it("403 answers as Discord does to a bot without the channel's permissions", async () => {
    emulator.injectFault({ path: "/guilds/:id", method: "get", status: 403 });
    const refused = await getJson(`${api}/guilds/${GUILD_IDS.workshop}`, BOT_AUTH);
    expect({ status: refused.status, body: refused.body }).toEqual({ status: 403, body: { message: "Missing Permissions", code: 50013 } });
    expect((await getJson(`${api}/guilds/${GUILD_IDS.workshop}`, BOT_AUTH)).status).toBe(200);
  });

  it("slow but successful answers with status 200 and delay_ms", async () => {
    emulator.injectFault({ path: "/users/@me", status: 200, delay_ms: 300 });
    const started = Date.now();
    const response = await getJson(`${api}/users/@me`, bearer(ada));
    expect(response.status).toBe(200);
    expect(Date.now() - started).toBeGreaterThanOrEqual(280);
  });

  it("apply to the token endpoint too", async () => {
    emulator.injectFault({ path: "/oauth2/token", status: 502 });
    expect((await postToken(emulator.url, { grant_type: "refresh_token", refresh_token: "x" })).status).toBe(502);
  });

  it("are refused when invalid", () => {
    expect(() => emulator.injectFault({ path: "/x", status: 418 as never })).toThrow();
    expect(() => emulator.injectFault({ path: "/x", status: 200 })).toThrow();
  });
});

describe("control API", () => {
  it("injects and clears faults over HTTP", async () => {
    const created = await control("/faults", "POST", { path: "/users/@me/guilds", status: 429, retry_after: 1, count: 3 });
    expect(created.status).toBe(201);
    expect((await getJson(`${api}/users/@me/guilds`, bearer(ada))).status).toBe(429);
    expect((await control("/faults", "DELETE")).status).toBe(200);
    expect((await getJson(`${api}/users/@me/guilds`, bearer(ada))).status).toBe(200);

    const invalid = await control("/faults", "POST", { path: "/x", status: 404 });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toMatchObject({ code: 50035 });
    const badJson = await fetch(`${emulator.url}/__emulator/faults`, { method: "POST", body: "{nope" });
    expect(badJson.status).toBe(400);
  });

  it("renames a guild as an owner would in Discord's client, and refuses bad names and unknown guilds", async () => {
    const renamed = await control(`/guilds/${GUILD_IDS.workshop}`, "PATCH", { name: "  Ada's New Workshop " });
    expect(await renamed.json()).toEqual({ id: GUILD_IDS.workshop, name: "Ada's New Workshop" });
    expect((await getJson<{ name: string }>(`${api}/guilds/${GUILD_IDS.workshop}`, BOT_AUTH)).body.name).toBe("Ada's New Workshop");
    expect((await control(`/guilds/${GUILD_IDS.workshop}`, "PATCH", { name: "x" })).status).toBe(400);
    expect((await control("/guilds/123456789012345678", "PATCH", { name: "Nowhere" })).status).toBe(404);
  });

  it("counts calls per route with ids as :id and per resource and credential, and resets them", async () => {
    await getJson(`${api}/users/@me/guilds`, bearer(ada));
    await getJson(`${api}/users/@me/guilds?limit=5`, bearer(ada));
    await getJson(`${api}/guilds/${GUILD_IDS.workshop}`, BOT_AUTH);
    await getJson(`${api}/guilds/${GUILD_IDS.workshop}/members/${GUILD_IDS.workshop}`, BOT_AUTH);
    const stats = await (await control("/calls", "GET")).json();
    expect(stats).toEqual({
      total: 4,
      byRoute: { "GET /users/@me/guilds": 2, "GET /guilds/:id": 1, "GET /guilds/:id/members/:id": 1 },
      byResource: {
        [resourceKey("GET", "/users/@me/guilds", bearer(ada).Authorization)]: 2,
        [`GET /guilds/${GUILD_IDS.workshop} as bot`]: 1,
        [`GET /guilds/${GUILD_IDS.workshop}/members/${GUILD_IDS.workshop} as bot`]: 1,
      },
    });
    expect(Object.keys(stats.byResource)[0]).toMatch(/^GET \/users\/@me\/guilds as user [0-9a-f]{8}$/);
    expect(emulator.calls()).toEqual(stats);
    await control("/calls/reset", "POST");
    expect(emulator.calls()).toEqual({ total: 0, byRoute: {}, byResource: {} });
  });

  it("sets the access token TTL and resets state", async () => {
    const config = await control("/config", "POST", { access_token_ttl_seconds: 60 });
    expect(await config.json()).toEqual({ access_token_ttl_seconds: 60 });
    expect((await signIn(emulator.url)).expires_in).toBe(60);
    expect((await control("/config", "POST", { access_token_ttl_seconds: -1 })).status).toBe(400);

    emulator.injectFault({ path: "/users/@me", status: 500, count: 10 });
    expect((await control("/reset", "POST")).status).toBe(200);
    expect(emulator.calls().total).toBe(0);
    expect((await getJson(`${api}/users/@me`, bearer(ada))).status).toBe(200);
    expect((await signIn(emulator.url)).expires_in).toBe(604800);
  });

  it("does not crash on malformed input", async () => {
    const huge = await fetch(`${emulator.url}/__emulator/faults`, { method: "POST", body: "x".repeat(2 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    const form = await fetch(`${api}/oauth2/token`, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "%%%&&&==" });
    expect(form.status).toBe(401);
    const longQuery = await getJson(`${api}/users/@me/guilds?limit=${"9".repeat(5000)}`, bearer(ada));
    expect(longQuery.status).toBe(400);
    expect((await fetch(`${emulator.url}/__emulator/health`)).status).toBe(200);
  });
});

describe("shutdown", () => {
  it("closes promptly while a slow answer is pending", async () => {
    const other = await startPlatformEmulator({ port: 0, quiet: true });
    other.injectFault({ path: "/users/@me", status: 200, delay_ms: 60_000 });
    const pending = fetch(`${other.url}/api/v10/users/@me`, { headers: BOT_AUTH }).catch(() => "aborted");
    await new Promise((resolve) => setTimeout(resolve, 50));
    const started = Date.now();
    await other.close();
    expect(Date.now() - started).toBeLessThan(1000);
    await pending;
  });
});
