/** @jest-environment node */
import { NextRequest } from "next/server";
import { middleware } from "@/middleware";
import { cookieName, unseal } from "@/lib/session/cookie";
import { refreshSession } from "@/lib/session/refresh";
import { SESSION_COOKIE, type Session } from "@/lib/session/session-cookie";
import { readSession } from "@/lib/session/store";
import { DEMO_USER_ID } from "@/emulators/platform/credentials";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { recordedSession, sessionCookieHeader } from "@/test/session-record";

let harness: EmulatorHarness;
beforeAll(async () => {
  harness = await startEmulatorHarness();
});
afterAll(() => harness.stop());

async function expiringSession(): Promise<Session> {
  const tokens = await harness.signIn();
  return recordedSession({ userId: DEMO_USER_ID, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt: Date.now() + 60_000, scope: tokens.scope, createdAt: Date.now() });
}

const TOKEN_ROUTE = "POST /oauth2/token";

describe("token refresh", () => {
  it("refreshes once for concurrent requests carrying the same old session", async () => {
    const session = await expiringSession();
    const before = harness.callsTo(TOKEN_ROUTE);
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => refreshSession(session)));
    expect(harness.callsTo(TOKEN_ROUTE) - before).toBe(1);
    const tokens = new Set(outcomes.map((outcome) => (outcome.kind === "refreshed" ? outcome.session.accessToken : outcome.kind)));
    expect(tokens.size).toBe(1);
    expect([...tokens][0]).not.toBe(session.accessToken);
  });

  it("signs out when the platform refuses the refresh token", async () => {
    const session = { ...(await expiringSession()), refreshToken: "revoked-refresh-token" };
    expect((await refreshSession(session)).kind).toBe("revoked");
  });

  it("keeps the session when the platform is down", async () => {
    const session = await expiringSession();
    harness.emulator.injectFault({ path: "/oauth2/token", status: 503, count: 5 });
    expect((await refreshSession(session)).kind).toBe("unchanged");
    harness.emulator.clearFaults();
  });

  it("middleware re-seals the cookie for the browser and the current request, for the same session", async () => {
    const session = await expiringSession();
    const name = cookieName(SESSION_COOKIE);
    const request = new NextRequest("http://localhost:3000/en/dashboard", { headers: { cookie: await sessionCookieHeader(session) } });
    const response = await middleware(request);
    const line = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
    expect(line).toBeDefined();
    const renewed = await unseal(SESSION_COOKIE, decodeURIComponent(line!.split(";")[0]!.slice(name.length + 1)));
    expect(renewed?.accessToken).not.toBe(session.accessToken);
    expect(renewed!.expiresAt).toBeGreaterThan(session.expiresAt);
    // Same record: the session keeps its id, its lifetime and its place in "sign out everywhere".
    expect(renewed!.sid).toBe(session.sid);
    expect(await readSession(decodeURIComponent(line!.split(";")[0]!.slice(name.length + 1)))).toMatchObject({ sid: session.sid, accessToken: renewed!.accessToken });
    // The page rendering this request sees the new cookie too.
    expect(response.headers.get("x-middleware-request-cookie") ?? response.headers.get("x-middleware-override-headers")).toBeTruthy();
  });
});
