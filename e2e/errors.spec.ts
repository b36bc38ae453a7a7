import { expect, test } from "@playwright/test";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";

test.afterEach(async ({ request }) => {
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
});

test("a platform that answers after 15 s gives a guild never seen a clear, localized error within 5 s, and retry then opens it", async ({ page, request }) => {
  await signInFullPage(page, "fr");
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
  const fault = await request.post(`${EMULATOR_URL}/__emulator/faults`, {
    data: { path: `/guilds/${GUILD_IDS.nightOwls}`, method: "GET", status: 200, delay_ms: 15_000, count: 50 },
  });
  expect(fault.ok()).toBe(true);
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
