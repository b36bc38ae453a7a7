/** @jest-environment node */
// The host is canonical: a request on another host than APP_URL's is sent there by middleware
// before anything else (308 for GET and HEAD, path and query kept; 421 for writes), so that
// sign-in never fails silently on cookies bound to another host.
import { NextRequest } from "next/server";
import { middleware } from "@/middleware";
import { isEnvelope, readBody } from "@/test/api";
import { setEnv } from "@/test/set-env";

/** As a browser sends it: the Host header names the host of the URL unless a test says otherwise. */
const run = (url: string, init: { method?: string; headers?: Record<string, string> } = {}) =>
  middleware(new NextRequest(new URL(url), { ...init, headers: { host: new URL(url).host, ...init.headers } }));

afterEach(() => setEnv({ APP_URL: "http://localhost:3000", TRUST_PROXY: "0" }));

describe("canonical host", () => {
  it("redirects GET and HEAD on another host with 308 to the same path and query on APP_URL", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await run("http://127.0.0.1:3000/en/dashboard/584327784348909864?tab=rank&q=a%20b", { method });
      expect(response.status).toBe(308);
      expect(response.headers.get("location")).toBe("http://localhost:3000/en/dashboard/584327784348909864?tab=rank&q=a%20b");
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    expect((await run("http://127.0.0.1:3000/api/users/@me")).headers.get("location")).toBe("http://localhost:3000/api/users/@me");
  });

  it("goes by the Host header, which is what the browser asked for, not by the URL Next hands over", async () => {
    const response = await run("http://localhost:3000/en/login", { headers: { host: "127.0.0.1:3000" } });
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("http://localhost:3000/en/login");
  });

  it("answers other methods with 421 wrong_host in the envelope", async () => {
    const response = await run("http://127.0.0.1:3000/api/logout", { method: "POST" });
    const body = await readBody(response);
    expect({ status: response.status, code: (body as { code?: string }).code }).toEqual({ status: 421, code: "wrong_host" });
    expect(isEnvelope(body, 421)).toBe(true);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("lets requests on APP_URL's host through", async () => {
    for (const [url, headers] of [
      ["http://localhost:3000/en", {}],
      ["http://localhost:3000/en/login?redirect=%2Fen", { host: "localhost:3000" }],
      ["http://localhost:3000/en", { host: "LOCALHOST:3000" }],
    ] as const) {
      const response = await run(url, { headers });
      expect(response.status).toBe(200);
      expect(response.headers.get("location")).toBeNull();
    }
  });

  it("compares a written-out default port as equal and keeps a path of slashes on APP_URL", async () => {
    setEnv({ APP_URL: "https://guildhall.example" });
    expect((await run("https://guildhall.example/en", { headers: { host: "guildhall.example:443" } })).headers.get("location")).toBeNull();
    const sneaky = await run("https://www.guildhall.example//evil.example/x");
    expect(new URL(sneaky.headers.get("location")!).host).toBe("guildhall.example");
  });

  it("reads X-Forwarded-Host only when TRUST_PROXY says a proxy is in front", async () => {
    const proxied = { host: "10.0.0.5:3000", "x-forwarded-host": "localhost:3000" };
    expect((await run("http://localhost:3000/en", { headers: proxied })).status).toBe(308);
    setEnv({ TRUST_PROXY: "1" });
    expect((await run("http://localhost:3000/en", { headers: proxied })).headers.get("location")).toBeNull();
    const elsewhere = await run("http://localhost:3000/en", { headers: { ...proxied, "x-forwarded-host": "old.example" } });
    expect(elsewhere.headers.get("location")).toBe("http://localhost:3000/en");
  });
});
