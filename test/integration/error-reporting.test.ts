/**
 * @jest-environment node
 * @jest-environment-options {"globalsCleanup": "off"}
 */
// (Jest's clean-up of globals loops on Sentry's global carrier, which refers to itself: this
// file started Sentry, so it leaves the worker's globals alone.)
// Error reports (spec 8, 9) from a real API 5xx and a render error reach the local Sentry fake
// with their route, guild and request id, and without a token, a cookie or an email; nothing is
// sent in development or without a DSN.
import { GET as memberSearch } from "@/app/api/guilds/[guildId]/members/search/route";
import { onRequestError } from "@/instrumentation";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { startSentryFake, type SentryFake } from "@/emulators/sentry/server";
import { flushServerReports, stopServerReporting } from "@/lib/error-reporting/server";
import { contentSecurityPolicy } from "@/lib/http/csp";
import { getEnv } from "@/lib/env";
import { SESSION_COOKIE } from "@/lib/session/session-cookie";
import { cookieName } from "@/lib/session/cookie";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, type CookieJar } from "@/test/route-client";
import { signedInJar } from "@/test/sign-in";
import { withEnv } from "@/test/set-env";

const GUILD = GUILD_IDS.workshop;
/** Staging (lib/environment.ts): a production build on an address containing "staging". */
const STAGING = { NODE_ENV: "production", APP_URL: "http://staging.guildhall.test" };

let sentry: SentryFake;
let platform: EmulatorHarness;
let ada: CookieJar;

beforeAll(async () => {
  [sentry, platform] = await Promise.all([startSentryFake(), startEmulatorHarness()]);
  ada = await signedInJar(platform);
});
afterAll(async () => {
  await stopServerReporting();
  await Promise.all([sentry.close(), platform.stop()]);
});

const renderError = () => new Error("Could not draw the page for ada@example.com with Bot emulator-bot-token.abcdefghijklmnopqrstu.vwxyz0123456789abcdefgh");
const renderRequest = (cookie: string) => ({ path: `/en/dashboard/${GUILD}/levels`, method: "GET", headers: { cookie, authorization: "Bot emulator-bot-token", "x-request-id": "req-render-0001" } });
const renderContext = { routerKind: "App Router", routePath: "/[locale]/dashboard/[guildId]/[pluginId]", routeType: "render" };

/** A real 5xx: the platform fails the member search, the route answers 502. */
async function failingSearch(query: string): Promise<Response> {
  platform.emulator.injectFault({ path: `/guilds/${GUILD}/members/search`, status: 500, count: 50 });
  try {
    return await call(memberSearch, `/api/guilds/${GUILD}/members/search?q=${query}`, { jar: ada, params: { guildId: GUILD }, headers: { "x-session-id": "31337" } });
  } finally {
    platform.emulator.clearFaults();
  }
}

it("sends nothing in development, or without a DSN", async () => {
  await withEnv({ SENTRY_DSN: sentry.dsn }, async () => {
    expect(getEnv().errorReporting).toBeNull();
    expect((await failingSearch("devel")).status).toBeGreaterThanOrEqual(500);
    await onRequestError(renderError(), renderRequest(ada.header()), renderContext);
  });
  await withEnv({ ...STAGING, SENTRY_DSN: undefined }, async () => {
    expect(getEnv().errorReporting).toBeNull();
    await onRequestError(renderError(), renderRequest(ada.header()), renderContext);
  });
  await flushServerReports(2000);
  expect(sentry.envelopes).toEqual([]);
});

it("reports an API 5xx and a render error in staging, with route, guild and request id, and no secret", async () => {
  await withEnv({ ...STAGING, SENTRY_DSN: sentry.dsn }, async () => {
    expect(getEnv().errorReporting).toEqual({ dsn: sentry.dsn, environment: "staging" });
    const response = await failingSearch("stage");
    expect(response.status).toBeGreaterThanOrEqual(500);
    const requestId = response.headers.get("x-request-id");
    expect(requestId).toMatch(/^[\w-]{8,}$/);
    await onRequestError(renderError(), renderRequest(ada.header()), renderContext);
    await flushServerReports(5000);

    const events = sentry.events();
    expect(events.map((event) => (event.tags as Record<string, string>).kind).sort()).toEqual(["api", "render"]);
    const api = events.find((event) => (event.tags as Record<string, string>).kind === "api")!;
    expect(api).toMatchObject({ environment: "staging", tags: { route: `GET /api/guilds/${GUILD}/members/search`, guild_id: GUILD, request_id: requestId, session_id: "31337" } });
    const render = events.find((event) => (event.tags as Record<string, string>).kind === "render")!;
    expect(render).toMatchObject({ tags: { route: renderContext.routePath, guild_id: GUILD, request_id: "req-render-0001" } });
    expect(JSON.stringify(render)).toContain("[email]");

    // Whatever reached the collector, searched as it arrived.
    const received = sentry.envelopes.map((envelope) => envelope.raw).join("\n");
    const sessionCookie = ada.cookies.get(cookieName(SESSION_COOKIE))!;
    expect(sessionCookie.length).toBeGreaterThan(20);
    for (const secret of [sessionCookie, encodeURIComponent(sessionCookie), "emulator-bot-token", "ada@example.com", "XSRF-TOKEN"]) expect(received).not.toContain(secret);
    // No session (release health) items: spec 9, no automatic session tracking.
    expect(sentry.envelopes.flatMap((envelope) => envelope.items.map((item) => item.type)).filter((type) => type === "session" || type === "sessions")).toEqual([]);
  });
});

it("lets pages reach the collector only when reports are sent", async () => {
  expect(contentSecurityPolicy("n")).toContain("connect-src 'self';");
  await withEnv({ ...STAGING, SENTRY_DSN: sentry.dsn }, async () => {
    expect(contentSecurityPolicy("n")).toContain(`connect-src 'self' ${new URL(sentry.dsn).origin};`);
  });
});
