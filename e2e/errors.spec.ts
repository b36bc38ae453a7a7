import { expect, test } from "@playwright/test";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";
import { USER_IDS } from "../emulators/platform/data/ids";

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
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
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
