import { expect, test } from "@playwright/test";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";
import { USER_IDS } from "../emulators/platform/data/ids";

// The return page finishes the login and moves on: on a busy machine that takes more than the
// 5 s an expectation waits by default (e2e/fixtures.ts waits as long).
const RETURN_PAGE = { timeout: 30_000 };

test.afterEach(async ({ request }) => {
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
});

test("a platform that answers after 15 s gives a page with nothing cached a clear, localized error within 5 s, and retry then opens it", async ({ page, request }) => {
  // Only Chen's membership of the book club is slow, and it is slow before Chen ever signs in,
  // so nothing about it can be cached (whatever ran before this test).
  const chen = USER_IDS.chen;
  const fault = await request.post(`${EMULATOR_URL}/__emulator/faults`, {
    data: { path: `/guilds/${GUILD_IDS.nightOwls}/members/${chen}`, method: "GET", status: 200, delay_ms: 15_000, count: 50 },
  });
  expect(fault.ok()).toBe(true);
  await page.goto("/fr/login");
  await page.getByTestId("login-full-page").click();
  await page.getByRole("radio", { name: /chen\.wei/ }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/fr\/dashboard$/, RETURN_PAGE);
  const started = Date.now();
  await page.goto(`/fr/dashboard/${GUILD_IDS.nightOwls}`);
  const alert = page.getByTestId("platform-unreachable");
  await expect(alert.getByRole("heading", { level: 1 })).toHaveText("Discord ne répond pas");
  expect(Date.now() - started).toBeLessThan(5_000);
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
  // Failures are remembered for a few seconds so an outage is not hammered; then retry works.
  await page.waitForTimeout(5_500);
  await alert.getByRole("link", { name: "Réessayer" }).click();
  await expect(page.getByTestId("guild-overview")).toBeVisible();
});

test("a guild page that cannot exist answers 404 with the localized not-found page", async ({ page }) => {
  await signInFullPage(page, "en", `/en/dashboard/${GUILD_IDS.workshop}`);
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  const response = await page.goto(`/en/dashboard/${GUILD_IDS.workshop}/no-such-plugin`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});

test("my servers says, in the user's language, when Discord cannot list the servers, and shows them once it can", async ({ page, request }) => {
  // Before Björn signs in, so no list of his is cached. His list and the bot's share the route.
  const fault = await request.post(`${EMULATOR_URL}/__emulator/faults`, { data: { path: "/users/@me/guilds", method: "GET", status: 500, count: 1000 } });
  expect(fault.ok()).toBe(true);
  await page.goto("/de/login");
  await page.getByTestId("login-full-page").click();
  await page.getByRole("radio", { name: /bjorn/ }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/de\/dashboard$/, RETURN_PAGE);
  const alert = page.getByRole("alert").filter({ hasText: "Wir konnten deine Server nicht von Discord laden" });
  await expect(alert).toBeVisible();
  // Retrying while Discord still fails keeps the explanation (and the button) up.
  await alert.getByRole("button", { name: "Erneut versuchen" }).click();
  await expect(alert.getByRole("button", { name: "Erneut versuchen" })).toBeEnabled();
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
  // The island looks again by itself a few seconds later (after the server's failure backoff).
  await expect(page.locator("[data-guild-id]").first()).toBeVisible({ timeout: 20_000 });
  await expect(alert).toHaveCount(0);
});

test("my servers sends a session that ended after the page loaded to the login page", async ({ page, context }) => {
  await signInFullPage(page);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByTestId("guilds-with-bot")).toBeVisible();
  // Signed out in another tab: this page's next look at the list finds no session.
  const xsrf = (await context.cookies()).find((cookie) => cookie.name === "XSRF-TOKEN")?.value ?? "";
  const logout = await context.request.post("/api/logout", { headers: { "X-XSRF-TOKEN": xsrf, Origin: new URL(page.url()).origin } });
  expect(logout.status(), await logout.text()).toBeLessThan(300);
  // Coming back to the tab looks again (not within 5 s of the last look).
  await page.waitForTimeout(5_100);
  await page.evaluate(() => window.dispatchEvent(new Event("focus")));
  await expect(page).toHaveURL(/\/en\/login\?redirect=%2Fen%2Fdashboard$/);
});
