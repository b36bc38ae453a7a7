import { expect, test, type Page } from "@playwright/test";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// Every page carries a Content-Security-Policy without 'unsafe-inline' for scripts, and
// still works under it: the browser reports no violation and the islands hydrate.

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

test("public pages: strict script policy, hashes for prerendered ones, no violation, public caching only without cookies", async ({ page }) => {
  const violations = await watchViolations(page);
  for (const path of ["/en", "/ar", "/en/legal/privacy", "/privacy.html?lang=de", "/en/login"]) {
    const response = await page.goto(path);
    const policy = response!.headers()["content-security-policy"] ?? null;
    expect(policy, path).not.toBeNull();
    expect(scriptSrc(policy), path).not.toContain("'unsafe-inline'");
    expect(scriptSrc(policy), path).toMatch(/'nonce-|'sha256-/);
    await page.waitForLoadState("networkidle");
  }
  // The landing's language switcher is an island: it works only once scripts ran.
  await page.goto("/en");
  await expect(page.locator("html")).toHaveAttribute("lang", /^en/);
  expect(violations).toEqual([]);
});

test("dashboard pages: a fresh nonce per load for dynamic pages, the overview's cached one matching its scripts, no violation", async ({ page }) => {
  const violations = await watchViolations(page);
  await signInFullPage(page, "en", workshop);
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  await page.waitForLoadState("networkidle");

  const nonces = new Set<string>();
  for (let load = 0; load < 2; load++) {
    const response = await page.goto(`${workshop}/audit-log`);
    const nonce = /'nonce-([^']+)'/.exec(scriptSrc(response!.headers()["content-security-policy"] ?? null))?.[1];
    expect(nonce).toBeDefined();
    nonces.add(nonce!);
    // Next put this request's nonce on its scripts.
    expect(await page.locator(`script[nonce]`).count()).toBeGreaterThan(0);
    await page.waitForLoadState("networkidle");
  }
  expect(nonces.size).toBe(2);

  // The cached overview still hydrates: its switch answers a click.
  await page.goto(workshop);
  await page.waitForLoadState("networkidle");
  const toggle = page.getByTestId("plugin-switch-moderator");
  const before = await toggle.getAttribute("aria-checked");
  await toggle.click();
  await expect(toggle).not.toHaveAttribute("aria-checked", before!);
  // Written: the overview is rendered anew, with a new nonce, and still runs.
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
