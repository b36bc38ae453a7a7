/** @jest-environment node */
// Headers every answer carries (DESIGN "Security rules"): API JSON is no-store (success and
// error; /api/uploads/{key} keeps its immutable caching), HSTS only when APP_URL is https, and a
// page that gets a per-visitor cookie from middleware is never publicly cacheable; public pages
// get no cookie at all, the browser asks GET /api/xsrf for the anti-forgery token instead.
import { NextRequest } from "next/server";
import { GET as unknownApi } from "@/app/api/[...rest]/route";
import { GET as userGuilds } from "@/app/api/users/[userId]/guilds/route";
import { GET as currentUser } from "@/app/api/users/[userId]/route";
import { GET as xsrf } from "@/app/api/xsrf/route";
import { USER_IDS } from "@/emulators/platform/data/ids";
import { HSTS } from "@/lib/http/response-policy";
import { middleware } from "@/middleware";
import { isEnvelope, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { call, CookieJar } from "@/test/route-client";
import { setEnv } from "@/test/set-env";
import { signedInJar } from "@/test/sign-in";

const run = (url: string, headers: Record<string, string> = {}) => middleware(new NextRequest(new URL(url, "http://localhost:3000"), { headers }));
const setsCookie = (response: Response, name: string) => response.headers.getSetCookie().some((line) => line.startsWith(`${name}=`));

describe("Cache-Control: no-store on API JSON", () => {
  let harness: EmulatorHarness;
  let ada: CookieJar;
  beforeAll(async () => {
    harness = await startEmulatorHarness();
    ada = await signedInJar(harness);
  });
  afterAll(() => harness.stop());

  it("on successful answers of the pipeline", async () => {
    for (const handler of [currentUser, userGuilds]) {
      const response = await call(handler, "/x", { jar: ada, params: { userId: "@me" } });
      expect({ status: response.status, cacheControl: response.headers.get("cache-control") }).toEqual({ status: 200, cacheControl: "no-store" });
    }
  });

  it("on errors: the pipeline's, an unknown /api path and a wrong method of a plugin path", async () => {
    const errors = [
      [await call(currentUser, "/x", { params: { userId: "@me" } }), 401],
      [await call(async () => unknownApi(), "/api/nope"), 404],
      [await pluginCall(ada, "DELETE", "/welcome/config/584327784348909864"), 405],
      [await call(currentUser, "/x", { jar: ada, params: { userId: USER_IDS.melodyBot } }), 404],
    ] as const;
    for (const [response, status] of errors) {
      expect({ status: response.status, cacheControl: response.headers.get("cache-control") }).toEqual({ status, cacheControl: "no-store" });
      expect(isEnvelope(await readBody(response), status)).toBe(true);
    }
  });
});

describe("Strict-Transport-Security", () => {
  afterEach(() => setEnv({ APP_URL: "http://localhost:3000" }));

  it("is sent on every middleware answer when APP_URL is https", async () => {
    setEnv({ APP_URL: "https://guildhall.example" });
    for (const path of ["https://guildhall.example/en", "https://guildhall.example/", "https://guildhall.example/en/dashboard"]) {
      expect((await run(path)).headers.get("strict-transport-security")).toBe(HSTS);
    }
    expect(HSTS).toBe("max-age=63072000; includeSubDomains");
  });

  it("is not sent when APP_URL is plain http", async () => {
    for (const path of ["/en", "/", "/en/login"]) expect((await run(path)).headers.get("strict-transport-security")).toBeNull();
  });
});

describe("per-visitor cookies and public caching", () => {
  it("a public page gets no cookie and no Cache-Control from middleware, so it stays publicly cacheable", async () => {
    for (const path of ["/en", "/fr/legal/privacy"]) {
      const response = await run(path);
      expect(response.headers.getSetCookie()).toEqual([]);
      expect(response.headers.get("cache-control")).toBeNull();
    }
  });

  it("a response on which middleware sets a cookie is private, no-store", async () => {
    const login = await run("/en/login");
    expect(setsCookie(login, "XSRF-TOKEN")).toBe(true);
    expect(login.headers.get("cache-control")).toBe("private, no-store");
    // A dead session cookie is cleared even on a public page: that page is private then too.
    const cleared = await run("/en", { cookie: "gh_session=Fe26.2**nope" });
    expect(setsCookie(cleared, "gh_session")).toBe(true);
    expect(cleared.headers.get("cache-control")).toBe("private, no-store");
  });

  it("GET /api/xsrf issues the anti-forgery cookie when it is missing, never stored", async () => {
    const jar = new CookieJar();
    const first = await call(xsrf, "/api/xsrf", { jar });
    expect({ status: first.status, cacheControl: first.headers.get("cache-control") }).toEqual({ status: 204, cacheControl: "no-store" });
    const token = jar.cookies.get("XSRF-TOKEN");
    expect(token).toMatch(/^[0-9a-f]{32}$/);
    const again = await call(xsrf, "/api/xsrf", { jar });
    expect(again.headers.getSetCookie()).toEqual([]);
    expect(jar.cookies.get("XSRF-TOKEN")).toBe(token);
  });
});
