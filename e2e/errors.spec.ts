import { expect, test } from "@playwright/test";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";

test.afterEach(async ({ request }) => {
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
});

test("a platform outage while rendering shows the localized error page with a retry button", async ({ page, request }) => {
  await signInFullPage(page, "fr");
  await expect(page).toHaveURL(/\/fr\/dashboard$/);
  const fault = await request.post(`${EMULATOR_URL}/__emulator/faults`, {
    data: { path: `/guilds/${GUILD_IDS.nightOwls}`, method: "GET", status: 500, count: 50 },
  });
  expect(fault.ok()).toBe(true);
  await page.goto(`/fr/dashboard/${GUILD_IDS.nightOwls}`);
  const alert = page.locator("main [role=alert]");
  await expect(alert.getByRole("heading", { level: 1 })).toHaveText("Une erreur est survenue");
  await expect(alert.getByRole("button")).toBeVisible();
  await request.delete(`${EMULATOR_URL}/__emulator/faults`);
});

test("a guild page that cannot exist answers 404 with the localized not-found page", async ({ page }) => {
  await signInFullPage(page, "en", `/en/dashboard/${GUILD_IDS.workshop}`);
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  const response = await page.goto(`/en/dashboard/${GUILD_IDS.workshop}/no-such-plugin`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
});
