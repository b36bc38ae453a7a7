/** @jest-environment node */
import { eq } from "drizzle-orm";
import { NextRequest } from "next/server";
import { POST as finalize } from "@/app/api/finalize-login/route";
import { GET as login } from "@/app/api/login/route";
import { POST as logoutAll } from "@/app/api/logout/all/route";
import { POST as logout } from "@/app/api/logout/route";
import { GET as me } from "@/app/api/users/[userId]/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { sessions } from "@/lib/db/schema";
import { unseal } from "@/lib/session/cookie";
import { clearSessionCacheForTests } from "@/lib/session/session-cache";
import { SESSION_COOKIE, SESSION_IDLE_MS, SESSION_LIFETIME_MS } from "@/lib/session/session-cookie";
import { DEMO_USER_ID } from "@/emulators/platform/credentials";
import { middleware } from "@/middleware";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, CookieJar } from "@/test/route-client";
import { addScratchGuild } from "@/test/scratch-guild";
import { recordedSession, sessionCookieHeader } from "@/test/session-record";
import { signedInJar } from "@/test/sign-in";

let harness: EmulatorHarness;
let guild: string;

beforeAll(async () => {
  harness = await startEmulatorHarness();
  guild = addScratchGuild(harness, "workshop");
  await getDb(); // opens and migrates the database outside the first test's time budget
});
afterAll(() => harness.stop());

const readMe = (jar: CookieJar) => call(me, "/api/users/@me", { jar, params: { userId: "@me" } });
// Join messages off: Welcome may then be on without a channel (lib/plugins/needed-fields.ts).
const patchWelcome = (jar: CookieJar, enabled: boolean) => pluginCall(jar, "PATCH", `welcome/config/${guild}`, { body: { enabled, join_enabled: false } });
const openDashboard = (jar: CookieJar) => middleware(new NextRequest("http://localhost:3000/en/dashboard", { headers: { cookie: jar.header() } }));

/** What an attacker holding a copy of the browser's cookies would send. */
function copyOf(jar: CookieJar): CookieJar {
  const copy = new CookieJar();
  for (const [name, value] of jar.cookies) copy.cookies.set(name, value);
  return copy;
}

async function sidOf(jar: CookieJar): Promise<string> {
  const session = await unseal(SESSION_COOKIE, jar.cookies.get("gh_session"));
  if (!session) throw new Error("no session cookie in the jar");
  return session.sid;
}

/** Changes a session row behind the app's back (another instance, or time passing). */
async function updateRecord(jar: CookieJar, values: Partial<typeof sessions.$inferInsert>): Promise<void> {
  const db = await getDb();
  await db.update(sessions).set(values).where(eq(sessions.id, await sidOf(jar)));
  clearSessionCacheForTests();
}

async function expectSignedOut(jar: CookieJar): Promise<void> {
  const read = await readMe(jar);
  expect(read.status).toBe(401);
  const body = await readBody(read);
  expect(isEnvelope(body, 401) && body.code).toBe("unauthorized");
  const page = await openDashboard(jar);
  expect(page.status).toBe(307);
  expect(new URL(page.headers.get("location")!).pathname).toBe("/en/login");
}

describe("revocable sessions", () => {
  it("refuses a copied cookie replayed after logout: 401 on reads and writes, login redirect on pages", async () => {
    const browser = await signedInJar(harness);
    const stolen = copyOf(browser);
    expect((await readMe(stolen)).status).toBe(200);
    expect((await patchWelcome(stolen, true)).status).toBe(200);
    expect((await openDashboard(stolen)).headers.get("location")).toBeNull();

    expect((await call(logout, "/api/logout", { method: "POST", jar: browser })).status).toBe(200);
    expect(browser.cookies.has("gh_session")).toBe(false);

    await expectSignedOut(copyOf(stolen));
    const write = await patchWelcome(stolen, false);
    expect(write.status).toBe(401);
    expect(isEnvelope(await readBody(write), 401)).toBe(true);
    // The refused write changed nothing.
    const check = await pluginCall(await signedInJar(harness), "GET", `welcome/config/${guild}`);
    expect(await check.json()).toMatchObject({ enabled: true });
  });

  it("ends a session left unused for longer than the idle timeout", async () => {
    const jar = await signedInJar(harness);
    await updateRecord(jar, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS + 60_000) });
    expect((await readMe(jar)).status).toBe(200);
    await updateRecord(jar, { lastSeenAt: new Date(Date.now() - SESSION_IDLE_MS - 60_000) });
    await expectSignedOut(jar);
  });

  it("ends a session past its absolute lifetime however active it is", async () => {
    const jar = await signedInJar(harness);
    const createdAt = new Date(Date.now() - SESSION_LIFETIME_MS - 60_000);
    await updateRecord(jar, { createdAt, expiresAt: new Date(createdAt.getTime() + SESSION_LIFETIME_MS), lastSeenAt: new Date() });
    await expectSignedOut(jar);
  });

  it("ends a session whose record is gone", async () => {
    const jar = await signedInJar(harness);
    const db = await getDb();
    await db.delete(sessions).where(eq(sessions.id, await sidOf(jar)));
    clearSessionCacheForTests();
    await expectSignedOut(jar);
  });

  it("signs out everywhere: the user's other sessions end, other users' do not", async () => {
    const laptop = await signedInJar(harness);
    const phone = await signedInJar(harness);
    const bjorn = await signedInJar(harness, USER_IDS.bjorn);
    const stolen = copyOf(laptop);

    const response = await call(logoutAll, "/api/logout/all", { method: "POST", jar: laptop });
    expect(response.status).toBe(200);
    expect((await response.json()).ended_sessions).toBeGreaterThanOrEqual(2);
    expect(laptop.cookies.has("gh_session")).toBe(false);

    await expectSignedOut(phone);
    await expectSignedOut(stolen);
    expect((await readMe(bjorn)).status).toBe(200);
    expect((await readMe(await signedInJar(harness))).status).toBe(200);
  });

  it("answers sign out everywhere without a session with 401 in the envelope", async () => {
    const response = await call(logoutAll, "/api/logout/all", { method: "POST" });
    expect(response.status).toBe(401);
    expect(isEnvelope(await readBody(response), 401)).toBe(true);
  });

  it("ends the browser's previous session when it signs in again", async () => {
    const jar = await signedInJar(harness);
    const previous = copyOf(jar);
    const start = await call(login, "/api/login?locale=en", { jar });
    const callback = await harness.autoAuthorize(start.headers.get("location")!);
    const body = { code: callback.searchParams.get("code"), state: callback.searchParams.get("state") };
    expect((await call(finalize, "/api/finalize-login", { method: "POST", jar, body })).status).toBe(200);
    expect(await sidOf(jar)).not.toBe(await sidOf(previous));
    expect((await readMe(jar)).status).toBe(200);
    await expectSignedOut(previous);
  });
});

describe("the session cookie's lifetime", () => {
  const DAY_MS = 24 * 60 * 60 * 1000;
  /** The Set-Cookie line of `name` in an answer, as attributes (lower-case names). */
  function setCookie(response: Response, name: string): Record<string, string> | null {
    const line = response.headers.getSetCookie().find((value) => value.startsWith(`${name}=`));
    if (!line) return null;
    const [pair = "", ...attributes] = line.split(";").map((part) => part.trim());
    return Object.fromEntries([["value", decodeURIComponent(pair.slice(name.length + 1))], ...attributes.map((attribute) => [attribute.split("=")[0]!.toLowerCase(), attribute.split("=")[1] ?? "true"])]);
  }
  const idleSeconds = SESSION_IDLE_MS / 1000;

  it("lasts as long as the record would unused: the idle timeout at sign-in, with a readable signed-in hint beside it", async () => {
    const jar = new CookieJar();
    const start = await call(login, "/api/login?locale=en", { jar });
    const callback = await harness.autoAuthorize(start.headers.get("location")!);
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code: callback.searchParams.get("code"), state: callback.searchParams.get("state") } });
    expect(setCookie(response, "gh_session")).toMatchObject({ "max-age": String(idleSeconds), httponly: "true" });
    const hint = setCookie(response, "gh_signed_in");
    expect(hint).toMatchObject({ value: "1", "max-age": String(idleSeconds) });
    expect(hint).not.toHaveProperty("httponly");
  });

  it("is set again, same value, each time middleware sees the record in use, so it ends when the record would", async () => {
    const jar = await signedInJar(harness);
    // Seen a moment ago: nothing to move.
    expect(setCookie(await openDashboard(jar), "gh_session")).toBeNull();
    await updateRecord(jar, { lastSeenAt: new Date(Date.now() - 6 * DAY_MS) });
    const renewed = await openDashboard(jar);
    expect(setCookie(renewed, "gh_session")).toMatchObject({ value: jar.cookies.get("gh_session"), "max-age": String(idleSeconds) });
    expect(setCookie(renewed, "gh_signed_in")).toMatchObject({ value: "1", "max-age": String(idleSeconds) });
    expect(renewed.headers.get("cache-control")).toBe("private, no-store");
  });

  it("never outlives the record's absolute end, renewed or refreshed", async () => {
    const createdAt = Date.now() - SESSION_LIFETIME_MS + DAY_MS / 2;
    const tokens = await harness.signIn();
    // Its access token expires now: middleware refreshes it and seals a new cookie.
    for (const expiresAt of [Date.now() + DAY_MS, Date.now()]) {
      const session = await recordedSession({ userId: DEMO_USER_ID, accessToken: tokens.accessToken, refreshToken: tokens.refreshToken, expiresAt, scope: tokens.scope, createdAt });
      const db = await getDb();
      await db.update(sessions).set({ createdAt: new Date(createdAt), expiresAt: new Date(createdAt + SESSION_LIFETIME_MS), lastSeenAt: new Date(Date.now() - DAY_MS) }).where(eq(sessions.id, session.sid));
      clearSessionCacheForTests();
      const response = await middleware(new NextRequest("http://localhost:3000/en/dashboard", { headers: { cookie: await sessionCookieHeader(session) } }));
      const maxAge = Number(setCookie(response, "gh_session")?.["max-age"]);
      expect(maxAge).toBeGreaterThan(DAY_MS / 2000 - 60);
      expect(maxAge).toBeLessThanOrEqual(DAY_MS / 2000);
    }
  });
});
