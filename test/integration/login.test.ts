/** @jest-environment node */
import { GET as login } from "@/app/api/login/route";
import { POST as finalize } from "@/app/api/finalize-login/route";
import { POST as logout } from "@/app/api/logout/route";
import { GET as me } from "@/app/api/users/[userId]/route";
import { DEMO_USER_ID } from "@/emulators/platform/credentials";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, CookieJar } from "@/test/route-client";

let harness: EmulatorHarness;

beforeAll(async () => {
  harness = await startEmulatorHarness();
});
afterAll(() => harness.stop());

/** Runs GET /api/login and the emulator's consent; returns the callback's code and state. */
async function startLogin(jar: CookieJar, redirect = "/en/dashboard") {
  const response = await call(login, `/api/login?redirect=${encodeURIComponent(redirect)}&locale=en`, { jar });
  expect(response.status).toBe(302);
  const callback = await harness.autoAuthorize(response.headers.get("location")!);
  expect(callback.pathname).toBe("/auth/callback");
  return { code: callback.searchParams.get("code")!, state: callback.searchParams.get("state")! };
}

const sessionCookie = (jar: CookieJar) => jar.cookies.get("gh_session");

describe("login", () => {
  it("signs in end to end and reads the user", async () => {
    const jar = new CookieJar();
    const { code, state } = await startLogin(jar, "/en/dashboard/123?tab=logs");
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state, login_type: "DEFAULT" } });
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.redirect).toBe("/en/dashboard/123?tab=logs");
    expect(body.user.id).toBe(DEMO_USER_ID);
    expect(sessionCookie(jar)).toBeDefined();
    expect(jar.cookies.has("gh_login")).toBe(false);

    const user = await call(me, "/api/users/@me", { jar, params: { userId: "@me" } });
    expect(user.status).toBe(200);
    const entity = await user.json();
    expect(entity).toMatchObject({ id: DEMO_USER_ID, bot: false, staff: false });
    expect(typeof entity.created_at).toBe("number");
    expect(JSON.stringify(entity)).not.toMatch(/token/i);
  });

  it("sets the session cookie HttpOnly and SameSite=Lax and never exposes tokens", async () => {
    const jar = new CookieJar();
    const { code, state } = await startLogin(jar);
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state } });
    const setCookie = response.headers.getSetCookie().find((line) => line.startsWith("gh_session="))!;
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=lax/i);
    expect(await response.text()).not.toMatch(/access_?token|refresh_?token/i);
  });

  it("refuses a missing state and creates no session", async () => {
    const jar = new CookieJar();
    const { code } = await startLogin(jar);
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code } });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "login_state_missing", status_code: 400, error: { message: expect.any(String) } });
    expect(sessionCookie(jar)).toBeUndefined();
  });

  it("refuses a mismatched state and creates no session", async () => {
    const jar = new CookieJar();
    const { code } = await startLogin(jar);
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state: "x".repeat(43) } });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("login_state_mismatch");
    expect(sessionCookie(jar)).toBeUndefined();
  });

  it("refuses a state from another browser's login", async () => {
    const attacker = new CookieJar();
    const victim = new CookieJar();
    const { code, state } = await startLogin(attacker);
    await startLogin(victim);
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar: victim, body: { code, state } });
    expect(response.status).toBe(400);
    expect(sessionCookie(victim)).toBeUndefined();
  });

  it("refuses a replayed state even with the original pre-login cookie", async () => {
    const jar = new CookieJar();
    const { code, state } = await startLogin(jar);
    const preLogin = jar.cookies.get("gh_login")!;
    const first = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state } });
    expect(first.status).toBe(200);

    const replay = new CookieJar();
    replay.cookies.set("gh_login", preLogin);
    const second = await call(finalize, "/api/finalize-login", { method: "POST", jar: replay, body: { code, state } });
    expect(second.status).toBe(400);
    expect((await second.json()).code).toBe("login_state_used");
    expect(sessionCookie(replay)).toBeUndefined();
  });

  it("treats a tampered session cookie as logged out", async () => {
    const jar = new CookieJar();
    const { code, state } = await startLogin(jar);
    await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state } });
    const sealed = sessionCookie(jar)!;
    for (const bad of [`${sealed.slice(0, -3)}abc`, sealed.slice(0, 40), "Fe26.2**garbage", "%%%"]) {
      const tampered = new CookieJar();
      tampered.cookies.set("gh_session", bad);
      const response = await call(me, "/api/users/@me", { jar: tampered, params: { userId: "@me" } });
      expect(response.status).toBe(401);
      expect((await response.json()).code).toBe("unauthorized");
    }
  });

  it("rejects a mutating call without the XSRF header or from another origin", async () => {
    const jar = new CookieJar();
    const { code, state } = await startLogin(jar);
    const noHeader = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state }, noXsrf: true });
    expect(noHeader.status).toBe(403);
    expect((await noHeader.json()).code).toBe("xsrf_invalid");
    const crossOrigin = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state }, origin: "https://evil.example" });
    expect(crossOrigin.status).toBe(403);
    expect((await crossOrigin.json()).code).toBe("origin_invalid");
    expect(sessionCookie(jar)).toBeUndefined();
  });

  it("validates the finalize body with field errors", async () => {
    const response = await call(finalize, "/api/finalize-login", { method: "POST", body: { code: 42, extra: true } });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body.code).toBe("validation_failed");
    expect(body.fields.map((field: { path: string }) => field.path)).toEqual(expect.arrayContaining(["code"]));
  });

  it("answers bad JSON with 400, not 500", async () => {
    const response = await call(finalize, "/api/finalize-login", { method: "POST", rawBody: "{not json", headers: { "content-type": "application/json" } });
    expect(response.status).toBe(400);
    expect((await response.json()).code).toBe("invalid_json");
  });

  it("logs out by clearing the session", async () => {
    const jar = new CookieJar();
    const { code, state } = await startLogin(jar);
    await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state } });
    const response = await call(logout, "/api/logout", { method: "POST", jar });
    expect(response.status).toBe(200);
    expect(sessionCookie(jar)).toBeUndefined();
    expect((await call(me, "/api/users/@me", { jar, params: { userId: "@me" } })).status).toBe(401);
  });

  it("ignores an off-site redirect target", async () => {
    const jar = new CookieJar();
    const { code, state } = await startLogin(jar, "https://evil.example/");
    const response = await call(finalize, "/api/finalize-login", { method: "POST", jar, body: { code, state } });
    expect((await response.json()).redirect).toBe("/en/dashboard");
  });
});
