import { expect, test, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { GUILD_IDS, screenshot, signInFullPage } from "./fixtures";

// Two managers of Ada's workshop in two browsers: Ada has the Search plugin's page open; Chen
// (a maintainer there) saves its settings from his own browser. Ada's page says at once that
// Chen changed them and offers to reload (the realtime channel), and her bell counts the
// notification Chen's save sent her; opening the list shows it and clears the count.

const guild = GUILD_IDS.workshop;

async function signInAsChen(page: Page) {
  await page.goto("/en/login?redirect=%2Fen%2Fdashboard");
  await page.getByTestId("login-full-page").click();
  await page.getByRole("radio", { name: /chen\.wei/ }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
  const app = new URL(APP_URL).host;
  await page.waitForURL((url) => url.host === app && url.pathname !== "/auth/callback", { timeout: 30_000 });
}

/** Chen's save, as his own page's fetch wrapper would send it (XSRF header from its cookie): flips a Search toggle. */
async function saveAsChen(page: Page): Promise<number> {
  return page.evaluate(async (guildId) => {
    const xsrf = decodeURIComponent(document.cookie.split("; ").find((cookie) => cookie.startsWith("XSRF-TOKEN="))!.split("=")[1]!);
    const current = (await (await fetch(`/api/plugins/search/config/${guildId}`)).json()) as { config: { urban_enabled: boolean } };
    const saved = await fetch(`/api/plugins/search/config/${guildId}`, {
      method: "PATCH",
      headers: { "content-type": "application/json", "x-xsrf-token": xsrf },
      body: JSON.stringify({ urban_enabled: !current.config.urban_enabled }),
    });
    return saved.status;
  }, guild);
}

test("a teammate's save in another browser shows the reload prompt at once, and the bell counts it", async ({ page, browser }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  // The form tells the channel which guild it shows (IDENTIFY): from then on the guild's saves reach this tab.
  const identified = page.waitForResponse((response) => response.url().endsWith("/api/realtime/messages") && response.request().postDataJSON()?.op === 1 && response.request().postDataJSON()?.d?.guild_id === guild && response.status() === 202, { timeout: 60_000 });
  await signInFullPage(page, "en", `/en/dashboard/${guild}/search`);
  await identified;

  // Whatever arrived before this test is seen: the count starts from nothing.
  const bell = page.getByTestId("notification-bell");
  await bell.click();
  await expect(page.getByTestId("notification-panel")).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("notification-panel")).toBeHidden();
  await expect(bell).toBeFocused();
  await expect(page.getByTestId("notification-count")).toHaveCount(0);

  const chenContext = await browser.newContext();
  const chen = await chenContext.newPage();
  await signInAsChen(chen);
  expect(await saveAsChen(chen)).toBe(200);
  await chenContext.close();

  await expect(page.getByTestId("save-bar-status")).toHaveText("Chen Wei changed these settings — reload to see them.");
  await expect(page.getByTestId("notification-count")).toHaveText("1");
  await expect(bell).toHaveAccessibleName("Notifications: 1 new");
  await screenshot(page, testInfo, "teammate-save-prompt-1440");

  await bell.click();
  const item = page.getByTestId("notification-item").first();
  await expect(item).toContainText("Chen Wei changed the Search settings in");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  await screenshot(page, testInfo, "notification-panel-1440");

  // The prompt's button reloads the page: the form then shows Chen's version, and no prompt.
  await page.keyboard.press("Escape");
  await page.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByTestId("save-bar")).toHaveCount(0);
});
