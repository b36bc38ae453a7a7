/** @jest-environment node */
// The feature-flag frontend API (GET/POST /api/e, spec 7) as the official browser SDK,
// unleash-proxy-client from npm, uses it: its fetch is pointed at the route handlers (called
// in-process with a cookie jar, test/route-client.ts), the flags come from the Unleash fake
// through the app's unleash-client, and the client's metrics go on to the fake.
import { UnleashClient, InMemoryStorageProvider } from "unleash-proxy-client";
import { eq } from "drizzle-orm";
import * as flagsRoute from "@/app/api/e/route";
import * as metricsRoute from "@/app/api/e/client/metrics/route";
import { onForEveryone, type FakeFeature } from "@/emulators/unleash/server";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import { isEnvelope, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS } from "@/test/guild-harness";
import { APP_ORIGIN, call, type CookieJar } from "@/test/route-client";
import { withEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";
import { startUnleashHarness, type UnleashHarness } from "@/test/unleash-harness";

const constrained = (name: string, contextName: string, values: string[]): FakeFeature => ({
  ...onForEveryone(name),
  strategies: [{ name: "default", parameters: {}, constraints: [{ contextName, operator: "IN", values, caseInsensitive: false, inverted: false }] }],
});

const FEATURES: FakeFeature[] = [
  onForEveryone("automod_dry_run"),
  onForEveryone("switched_off", false),
  constrained("staff_tools", "staff", ["true"]),
  constrained("session_12345", "sessionId", ["12345"]),
  constrained("workshop_beta", "guildId", [GUILD_IDS.workshop]),
  { ...onForEveryone("ada_only"), strategies: [{ name: "userWithId", parameters: { userIds: USER_IDS.ada }, constraints: [] }] },
  { ...onForEveryone("accent"), variants: [{ name: "blue", weight: 1000, stickiness: "default", weightType: "variable", payload: { type: "string", value: "#36c" } }] },
];

let platform: EmulatorHarness;
let unleash: UnleashHarness;
let ada: CookieJar;

beforeAll(async () => {
  platform = await startEmulatorHarness();
  ada = await signedInJar(platform);
  // No polling of its own here (a day): the flags stay as the fake had them at the start.
  unleash = await startUnleashHarness(FEATURES, { refreshMs: 86_400_000, metricsMs: 86_400_000 });
}, 60_000);
afterAll(async () => {
  await unleash.stop();
  await platform.stop();
});

type Seen = { method: string; path: string; ifNoneMatch: string | null; status: number };

/** The SDK's fetch, answered by the route handlers as the app would answer the browser. */
function routeFetch(jar: CookieJar | undefined, seen: Seen[]) {
  return async (url: string, init: RequestInit) => {
    const { pathname, search } = new URL(url);
    const method = init.method ?? "GET";
    const handler = pathname === "/api/e/client/metrics" ? metricsRoute.POST : method === "POST" ? flagsRoute.POST : flagsRoute.GET;
    const headers = init.headers as Record<string, string>;
    const response = await call(handler, `${pathname}${search}`, { method, jar, headers, rawBody: typeof init.body === "string" ? init.body : undefined });
    seen.push({ method, path: pathname, ifNoneMatch: headers["if-none-match"] ?? null, status: response.status });
    return response;
  };
}

function browserClient(jar: CookieJar | undefined, seen: Seen[], options: { guildId?: string; sessionHeader?: string } = {}) {
  return new UnleashClient({
    url: `${APP_ORIGIN}/api/e`,
    clientKey: "guildhall-browser",
    appName: "guildhall-browser-test",
    fetch: routeFetch(jar, seen),
    storageProvider: new InMemoryStorageProvider(),
    context: options.guildId ? { properties: { guildId: options.guildId } } : {},
    customHeaders: options.sessionHeader ? { "x-session-id": options.sessionHeader } : {},
    // The test drives fetches and metrics itself.
    disableRefresh: true,
    metricsInterval: 0,
  });
}

const toggleNames = async (response: Response) => ((await response.json()) as { toggles: Array<{ name: string }> }).toggles.map((toggle) => toggle.name);
const getFlags = (query: string, jar?: CookieJar, headers?: Record<string, string>) => call(flagsRoute.GET, `/api/e${query}`, { jar, headers });

describe("the official browser flag client (unleash-proxy-client) against /api/e", () => {
  it("gets the enabled flags, revalidates with If-None-Match and keeps them on 304, and its metrics reach Unleash", async () => {
    const seen: Seen[] = [];
    const client = browserClient(ada, seen, { guildId: GUILD_IDS.workshop, sessionHeader: "12345" });
    const ready = new Promise<void>((resolve) => client.on("ready", resolve));
    let updates = 0;
    client.on("update", () => updates++);
    await client.start();
    await ready;
    expect(client.getAllToggles().map((toggle) => toggle.name)).toEqual(["accent", "ada_only", "automod_dry_run", "session_12345", "workshop_beta"]);
    expect(client.isEnabled("automod_dry_run")).toBe(true);
    expect(client.isEnabled("switched_off")).toBe(false);
    expect(client.getVariant("accent")).toMatchObject({ name: "blue", enabled: true, payload: { type: "string", value: "#36c" } });
    // spec 4: a flag nobody defined gives the variant `disabled`.
    expect(client.getVariant("nobody_defined_this")).toMatchObject({ name: "disabled", enabled: false });
    expect(seen).toEqual([{ method: "GET", path: "/api/e", ifNoneMatch: null, status: 200 }]);

    await client.updateToggles();
    expect(seen[1]).toEqual({ method: "GET", path: "/api/e", ifNoneMatch: expect.stringMatching(/^"[\w-]+"$/), status: 304 });
    expect(updates).toBe(1);
    expect(client.isEnabled("workshop_beta")).toBe(true);

    await client.sendMetrics();
    client.stop();
    expect(seen[2]).toEqual({ method: "POST", path: "/api/e/client/metrics", ifNoneMatch: null, status: 202 });
    const posted = unleash.metrics.find((payload) => (payload as { appName: string }).appName === "guildhall-browser-test") as { instanceId: string; bucket: { toggles: Record<string, { yes: number; no: number; variants: Record<string, number> }> } };
    expect(posted.instanceId).toBe("browser");
    expect(posted.bucket.toggles).toMatchObject({ automod_dry_run: { yes: 1, no: 0 }, switched_off: { yes: 0, no: 1 }, accent: { yes: 1, variants: { blue: 1 } }, nobody_defined_this: { no: 1, variants: { disabled: 1 } } });
  });

  it("logs a failed fetch and emits an error event: HttpError with the status", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      // Ada does not manage synthwave: the flags of that guild are not hers to read.
      const client = browserClient(ada, [], { guildId: GUILD_IDS.synthwave });
      const failed = new Promise<unknown>((resolve) => client.on("error", resolve));
      await client.start();
      expect(await failed).toEqual({ type: "HttpError", code: 403 });
      expect(client.isReady()).toBe(false);
      expect(errors).toHaveBeenCalled();
      client.stop();
    } finally {
      errors.mockRestore();
    }
  });
});

describe("GET /api/e: the context is the server's", () => {
  it("answers `{ toggles }` with an ETag, and 304 with no body when If-None-Match names it", async () => {
    const first = await getFlags("", ada);
    const etag = first.headers.get("etag")!;
    expect({ status: first.status, etag, type: first.headers.get("content-type"), cache: first.headers.get("cache-control") }).toEqual({ status: 200, etag: expect.stringMatching(/^"[\w-]+"$/), type: "application/json", cache: "no-store" });
    const body = (await first.json()) as { toggles: unknown[] };
    expect(body.toggles).toContainEqual({ name: "automod_dry_run", enabled: true, variant: { name: "disabled", enabled: false }, impressionData: false });
    const again = await getFlags("", ada, { "if-none-match": etag });
    expect({ status: again.status, body: await again.text(), etag: again.headers.get("etag") }).toEqual({ status: 304, body: "", etag });
    // Another caller's answer differs (Ada's own flag), and so does its tag.
    const anonymous = await getFlags("", undefined, { "if-none-match": etag });
    expect(anonymous.status).toBe(200);
  });

  it("takes the user from the session, never from the query", async () => {
    expect(await toggleNames(await getFlags(`?userId=${USER_IDS.ada}`))).not.toContain("ada_only");
    expect(await toggleNames(await getFlags(`?userId=${USER_IDS.bjorn}`, ada))).toContain("ada_only");
  });

  it("reads staff from the user's flags (the value 2), and refuses a caller who says so", async () => {
    const db = await getDb();
    expect(await toggleNames(await getFlags("", ada))).not.toContain("staff_tools");
    await db.update(users).set({ flags: 2 | 4 }).where(eq(users.id, USER_IDS.ada));
    try {
      expect(await toggleNames(await getFlags("", ada))).toContain("staff_tools");
    } finally {
      await db.update(users).set({ flags: 0 }).where(eq(users.id, USER_IDS.ada));
    }
    await db.update(users).set({ flags: 4 }).where(eq(users.id, USER_IDS.ada));
    try {
      expect(await toggleNames(await getFlags("", ada))).not.toContain("staff_tools");
    } finally {
      await db.update(users).set({ flags: 0 }).where(eq(users.id, USER_IDS.ada));
    }
    const claimed = await getFlags("?properties[staff]=true", ada);
    expect({ status: claimed.status, code: ((await readBody(claimed)) as { code: string }).code }).toEqual({ status: 400, code: "validation_failed" });
  });

  it("takes the session id from X-Session-ID (a number below 1e9), not from the query", async () => {
    expect(await toggleNames(await getFlags("", ada, { "x-session-id": "12345" }))).toContain("session_12345");
    expect(await toggleNames(await getFlags("?sessionId=12345", ada))).not.toContain("session_12345");
    const malformed = await getFlags("", ada, { "x-session-id": "12345.0" });
    expect(malformed.status).toBe(200);
    expect(await toggleNames(malformed)).not.toContain("session_12345");
  });

  it("evaluates for a guild (top-level or in properties) only for its manager", async () => {
    for (const query of [`?guildId=${GUILD_IDS.workshop}`, `?properties%5BguildId%5D=${GUILD_IDS.workshop}`]) expect(await toggleNames(await getFlags(query, ada))).toContain("workshop_beta");
    const anonymous = await getFlags(`?guildId=${GUILD_IDS.workshop}`);
    expect({ status: anonymous.status, code: ((await readBody(anonymous)) as { code: string }).code }).toEqual({ status: 401, code: "unauthorized" });
    const member = await getFlags(`?guildId=${GUILD_IDS.lofi}`, ada);
    expect({ status: member.status, code: ((await readBody(member)) as { code: string }).code }).toEqual({ status: 403, code: "guild_forbidden" });
  });

  it("refuses a bad context with 400 in the envelope, worded in the caller's language", async () => {
    for (const query of ["?properties[guildId]=abc", "?guildId=12", "?nickname=ada", `?appName=${"x".repeat(201)}`]) {
      const english = await getFlags(query, ada);
      const french = await getFlags(query, ada, { "x-guildhall-locale": "fr" });
      const [en, fr] = [await readBody(english), await readBody(french)];
      expect({ query, status: english.status, envelope: isEnvelope(en, 400) && isEnvelope(fr, 400) }).toEqual({ query, status: 400, envelope: true });
      expect({ query, en: (en as { message: string }).message === (fr as { message: string }).message }).toEqual({ query, en: false });
    }
  });
});

describe("POST /api/e: the context in the JSON body", () => {
  it("answers as GET does, with the same ETag for the same context", async () => {
    const viaGet = await getFlags(`?guildId=${GUILD_IDS.workshop}`, ada);
    const viaPost = await call(flagsRoute.POST, "/api/e", { method: "POST", jar: ada, body: { context: { appName: "guildhall-browser", properties: { guildId: GUILD_IDS.workshop } } } });
    expect(viaPost.status).toBe(200);
    expect(viaPost.headers.get("etag")).toBe(viaGet.headers.get("etag"));
  });

  it("needs the anti-forgery token, and refuses a bad context", async () => {
    expect((await call(flagsRoute.POST, "/api/e", { method: "POST", jar: ada, body: { context: {} }, noXsrf: true })).status).toBe(403);
    const bad = await call(flagsRoute.POST, "/api/e", { method: "POST", jar: ada, body: { context: { guildId: 5 } } });
    expect({ status: bad.status, envelope: isEnvelope(await readBody(bad), 400) }).toEqual({ status: 400, envelope: true });
  });
});

describe("POST /api/e/client/metrics", () => {
  const bucket = () => ({ start: new Date(Date.now() - 30_000).toISOString(), stop: new Date().toISOString(), toggles: { automod_dry_run: { yes: 3, no: 1, variants: {} } } });
  const post = (body: unknown, jar?: CookieJar) => call(metricsRoute.POST, "/api/e/client/metrics", { method: "POST", jar, body });

  it("passes a bucket on to Unleash as the browser sent it", async () => {
    const sent = { bucket: bucket(), appName: "guildhall-metrics-test", instanceId: "browser", impactMetrics: [] };
    expect((await post(sent, ada)).status).toBe(202);
    expect(unleash.metrics).toContainEqual({ appName: "guildhall-metrics-test", instanceId: "browser", bucket: sent.bucket });
  });

  it("refuses what is not a bucket, in the envelope", async () => {
    for (const body of [{ appName: "a", instanceId: "b" }, { bucket: { ...bucket(), toggles: { x: { yes: -1, no: 0 } } }, appName: "a", instanceId: "b" }, { bucket: { ...bucket(), start: "yesterday" }, appName: "a", instanceId: "b" }]) {
      const response = await post(body, ada);
      expect({ status: response.status, envelope: isEnvelope(await readBody(response), 400) }).toEqual({ status: 400, envelope: true });
    }
  });

  it("drops the bucket when no Unleash server is configured", async () => {
    const before = unleash.metrics.length;
    await withEnv({ UNLEASH_URL: undefined, UNLEASH_API_TOKEN: undefined }, async () => {
      expect((await post({ bucket: bucket(), appName: "guildhall-dropped", instanceId: "browser" })).status).toBe(202);
    });
    expect(unleash.metrics.length).toBe(before);
  });
});
