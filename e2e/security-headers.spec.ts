import { expect, test, type Page, type Response } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// Every page carries a Content-Security-Policy without 'unsafe-inline' for scripts, with a
// fresh nonce per response (cached pages too: the server writes it into them as it sends them),
// and still works under it: the browser reports no violation and the islands hydrate.

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;

function scriptSrc(policy: string | null): string {
  return (policy ?? "").split(";").map((part) => part.trim()).find((part) => part.startsWith("script-src")) ?? "";
}

/** Collects CSP violations the page reports from now on. */
async function watchViolations(page: Page): Promise<string[]> {
  const violations: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy/i.test(message.text())) violations.push(message.text());
  });
  return violations;
}

/**
 * The nonce of this response's policy, checked to be on every script the response's HTML holds.
 * Scripts the page's own scripts add later (a chunk loaded when the browser is idle, such as the
 * flag client's) need none: 'strict-dynamic' trusts them because a nonced script added them.
 */
async function nonceOnEveryScript(page: Page, response: Response, path: string): Promise<string> {
  const policy = response.headers()["content-security-policy"] ?? null;
  expect(scriptSrc(policy), path).not.toContain("'unsafe-inline'");
  expect(scriptSrc(policy), path).toContain("'strict-dynamic'");
  const nonce = /'nonce-([^']+)'/.exec(scriptSrc(policy))?.[1];
  expect(nonce, path).toBeDefined();
  const tags = [...(await response.text()).matchAll(/<script\b[^>]*>/g)].map(([tag]) => /\snonce="([^"]*)"/.exec(tag)?.[1] ?? "");
  expect(tags.length, path).toBeGreaterThan(0);
  expect([...new Set(tags)], path).toEqual([nonce]);
  // The browser ran them: the page's scripts are in its document.
  expect(await page.locator("script").count(), path).toBeGreaterThan(0);
  return nonce!;
}

test("public pages: strict script policy, a nonce per response, no violation, public caching only without cookies", async ({ page }) => {
  const violations = await watchViolations(page);
  const seen = new Set<string>();
  for (const path of ["/en", "/en", "/ar", "/en/legal/privacy", "/privacy.html?lang=de", "/en/login"]) {
    const response = await page.goto(path);
    expect(response!.headers()["content-security-policy"], path).toBeDefined();
    seen.add(await nonceOnEveryScript(page, response!, path));
    await page.waitForLoadState("networkidle");
  }
  // The landing twice (a page kept by the server, the same bytes for everyone): two nonces all the same.
  expect(seen.size).toBe(6);
  // The landing's language switcher is an island: it works only once scripts ran.
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
  expect(violations).toEqual([]);
});

test("dashboard pages: a fresh nonce per load, cached pages too, on every script, no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await signInFullPage(page, "en", workshop);
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  await page.waitForLoadState("networkidle");

  const nonces = new Set<string>();
  // Cached pages (served from the server's copy the second time) and a page drawn per request.
  for (const path of [workshop, workshop, `${workshop}/welcome`, `${workshop}/welcome`, `${workshop}/audit-log?plugin=welcome`]) {
    const response = await page.goto(path);
    nonces.add(await nonceOnEveryScript(page, response!, path));
    await page.waitForLoadState("networkidle");
  }
  expect(nonces.size).toBe(5);

  // The cached overview still hydrates: its switch answers a click.
  await page.goto(workshop);
  await page.waitForLoadState("networkidle");
  const toggle = page.getByTestId("plugin-switch-moderator");
  const before = await toggle.getAttribute("aria-checked");
  await toggle.click();
  await expect(toggle).not.toHaveAttribute("aria-checked", before!);
  // Written: the overview is rendered anew, and still runs.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(page.getByTestId("plugin-switch-moderator")).not.toHaveAttribute("aria-checked", before!);
  await page.getByTestId("plugin-switch-moderator").click();
  await expect(page.getByTestId("plugin-switch-moderator")).toHaveAttribute("aria-checked", before!);
  expect(violations).toEqual([]);
});

test("API answers are not stored, pages are not cached by shared proxies", async ({ page, request }) => {
  await signInFullPage(page, "en", workshop);
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  const api = await page.request.get("/api/users/@me");
  expect(api.status()).toBe(200);
  expect(api.headers()["cache-control"]).toContain("no-store");
  const overview = await page.request.get(workshop);
  expect(overview.headers()["cache-control"]).toMatch(/private|no-store/);
  // The landing sets no per-visitor cookie when it is publicly cacheable.
  const landing = await request.get("/en");
  const cacheControl = landing.headers()["cache-control"] ?? "";
  if (/s-maxage|public/.test(cacheControl)) expect(landing.headers()["set-cookie"]).toBeUndefined();
});

test("another host is sent to APP_URL's origin with an absolute Location, over real HTTP: no redirect loop", async ({ request }) => {
  // APP_URL is http://localhost:PORT, the origin Next takes for its own: the case where its router made Locations relative.
  const elsewhere = APP_URL.replace("localhost", "127.0.0.1");
  // The landing (a kept page), the login page, a guarded page (before any login redirect), the language redirect's root, the API.
  for (const path of ["/en", "/en/login?redirect=%2Fen%2Fdashboard", "/en/dashboard", "/", "/api/users/@me"]) {
    for (const method of ["GET", "HEAD"] as const) {
      const response = await request.fetch(`${elsewhere}${path}`, { method, maxRedirects: 0 });
      expect({ path, method, status: response.status(), location: response.headers()["location"] }).toEqual({ path, method, status: 308, location: `${APP_URL}${path}` });
    }
  }
  // A Host header naming another host, on the right address.
  const named = await request.get(`${APP_URL}/en/login`, { headers: { host: "guildhall.invalid" }, maxRedirects: 0 });
  expect(named.headers()["location"]).toBe(`${APP_URL}/en/login`);
  // Followed, it ends on APP_URL's host.
  const followed = await request.get(`${elsewhere}/en/login`);
  expect({ status: followed.status(), origin: new URL(followed.url()).origin }).toEqual({ status: 200, origin: APP_URL });
  // A write is refused in the envelope, without a Location to follow.
  const write = await request.post(`${elsewhere}/api/logout`, { maxRedirects: 0 });
  expect({ status: write.status(), code: (await write.json()).code, location: write.headers()["location"] }).toEqual({ status: 421, code: "wrong_host", location: undefined });
});

