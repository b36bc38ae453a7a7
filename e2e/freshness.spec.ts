import { expect, test, type Page } from "@playwright/test";
import { EMULATOR_URL } from "../playwright.config";
import { LOCALES } from "../lib/i18n/locales";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// The overview and the plugin pages are served from Next's page cache, rendered once per
// guild, page and language. These tests hold them to what the README promises: a change saved
// anywhere shows on the next load of every cached page in every language, and a change made
// on the platform's side (a rename in Discord) shows within about a minute.

const guild = GUILD_IDS.nightOwls;
const NAME = "Night Owls Book Club";
const overview = (locale: string) => `/${locale}/dashboard/${guild}`;
const help = (locale: string) => `/${locale}/dashboard/${guild}/help`;

const saved = (page: Page, path: string) => page.waitForResponse((response) => response.url().includes(path) && response.request().method() === "PATCH" && response.ok());

test.afterAll(async ({ request }) => {
  await request.patch(`${EMULATOR_URL}/__emulator/guilds/${guild}`, { data: { name: NAME } });
});

test("a plugin switched on in one tab shows on the next load of the cached overview and plugin page, in every language", async ({ page, context }) => {
  test.setTimeout(180_000);
  await signInFullPage(page, "en", overview("en"));
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  // Every language's pages are rendered and cached, switched off.
  for (const locale of LOCALES) {
    for (const path of [overview(locale), help(locale)]) {
      await page.goto(path);
      await expect(page.getByTestId("plugin-switch-help"), path).toHaveAttribute("aria-checked", "false");
    }
  }

  // The menu of a page of another plugin (kept in the cache by this switch) reads the dots in the browser.
  const search = `/en/dashboard/${guild}/search`;
  const helpLink = page.locator('#guild-menu a[href="help"]');
  await page.goto(search);
  await expect(page.locator('#guild-menu a[href="search"]')).toBeVisible();
  await expect(helpLink).not.toContainText("Enabled");

  const other = await context.newPage();
  await other.goto(help("fr"));
  await other.waitForLoadState("networkidle");
  const enabling = saved(other, "/api/plugins/help/config/");
  await other.getByTestId("plugin-switch-help").click();
  await enabling;
  await other.close();

  for (const locale of LOCALES) {
    for (const path of [overview(locale), help(locale)]) {
      await page.goto(path);
      await expect(page.getByTestId("plugin-switch-help"), path).toHaveAttribute("aria-checked", "true");
    }
  }
  await page.goto(search);
  await expect(helpLink).toContainText("Enabled");
});

test("a rename made in Discord shows on the cached overview within about a minute", async ({ page, request }) => {
  test.setTimeout(150_000);
  await signInFullPage(page, "es", overview("es"));
  await expect(page.getByTestId("guild-overview")).toContainText(NAME);
  const renamed = await request.patch(`${EMULATOR_URL}/__emulator/guilds/${guild}`, { data: { name: "Night Owls Reading Room" } });
  expect(renamed.ok()).toBe(true);
  const started = Date.now();
  // The README's promise, about a minute: the platform cache's 60 s, the load whose refresh reads
  // the new name (it still shows the old page) and the next load; 90 s leaves room for a busy machine.
  await expect(async () => {
    await page.goto(overview("es"));
    await expect(page.getByTestId("guild-overview")).toContainText("Night Owls Reading Room", { timeout: 1_000 });
  }).toPass({ intervals: [5_000], timeout: 100_000 });
  expect(Date.now() - started).toBeLessThan(90_000);
});
