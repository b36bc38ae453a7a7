import { expect, test } from "@playwright/test";
import { consentAsAda, GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// The return page finishes the login and moves on: on a busy machine that takes more than the
// 5 s an expectation waits by default (e2e/fixtures.ts waits as long).
const RETURN_PAGE = { timeout: 30_000 };

test("signs in through the emulator and sees only the servers Ada manages", async ({ page }, testInfo) => {
  await page.goto("/en/dashboard");
  await expect(page).toHaveURL(/\/en\/login\?redirect=/);
  await screenshot(page, testInfo, "login-desktop");
  await page.getByTestId("login-full-page").click();
  await consentAsAda(page);
  await expect(page).toHaveURL(/\/en\/dashboard$/, RETURN_PAGE);
  await expect(page.getByTestId("user-name")).toHaveText("Ada");

  const withBot = page.getByTestId("guilds-with-bot");
  const withoutBot = page.getByTestId("guilds-without-bot");
  await expect(withBot.getByRole("heading", { name: "Ada's Workshop" })).toBeVisible();
  await expect(withBot.getByRole("heading", { name: "Night Owls Book Club" })).toBeVisible();
  await expect(withoutBot.getByRole("heading", { name: "Speedrun Central" })).toBeVisible();
  await expect(withoutBot.getByRole("heading", { name: "Pixel Raiders" })).toBeVisible();
  // A plain member's servers and servers Ada is not in never show.
  await expect(page.getByText("Lo-fi Study Hall")).toHaveCount(0);
  await expect(page.getByText("Cozy Cafe")).toHaveCount(0);
  // Tokens stay out of the HTML and the RSC payload.
  const html = await page.content();
  expect(html).not.toMatch(/access_?token|refresh_?token|Bearer /i);
  await screenshot(page, testInfo, "dashboard-desktop");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "dashboard-phone");
});

test("a deep guarded link survives login with its path and query", async ({ page }) => {
  const deep = `/en/dashboard/${GUILD_IDS.workshop}?tab=logs&s=42`;
  await page.goto(deep);
  await expect(page).toHaveURL(/\/en\/login\?redirect=/);
  await page.getByTestId("login-full-page").click();
  await consentAsAda(page);
  await expect(page).toHaveURL(new RegExp(`${deep.replace("?", "\\?")}$`), RETURN_PAGE);
  await expect(page.getByTestId("guild-overview")).toContainText("Ada's Workshop");
});

test("the popup login hands the session to the opener", async ({ page }) => {
  await page.goto("/en/login");
  const popupPromise = page.waitForEvent("popup");
  await page.getByTestId("login-popup").click();
  const popup = await popupPromise;
  await consentAsAda(popup);
  await popup.waitForEvent("close");
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await expect(page.getByTestId("user-name")).toHaveText("Ada");
});

test("adds the bot in a popup and the server then shows as bot present", async ({ page }, testInfo) => {
  await signInFullPage(page);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  const card = page.getByTestId("guilds-without-bot").locator(`[data-guild-id="${GUILD_IDS.speedrun}"]`);
  const popupPromise = page.waitForEvent("popup");
  await card.getByRole("button", { name: /Add bot/ }).click();
  const popup = await popupPromise;
  await expect(popup.getByLabel("Add to server")).toHaveValue(GUILD_IDS.speedrun);
  await screenshot(popup, testInfo, "emulator-add-bot");
  await popup.getByRole("button", { name: "Authorize" }).click();
  await popup.waitForEvent("close");
  // The server's dashboard opens and says the bot joined; the flag that said so leaves the address.
  const joined = page.getByTestId("bot-joined");
  await expect(joined).toHaveText("Guildhall joined Speedrun Central.");
  await expect(joined.locator("bdi")).toHaveText("Speedrun Central");
  await expect(page).toHaveURL(new RegExp(`/en/dashboard/${GUILD_IDS.speedrun}$`));
  await expect(page.getByTestId("guild-overview")).toContainText("Speedrun Central");
  await screenshot(page, testInfo, "guild-desktop");
  await page.reload();
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  await expect(joined).toHaveCount(0);

  await page.goto("/en/dashboard");
  await expect(page.getByTestId("guilds-with-bot").getByRole("heading", { name: "Speedrun Central" })).toBeVisible();
  await expect(page.getByTestId("guilds-without-bot").getByRole("heading", { name: "Speedrun Central" })).toHaveCount(0);
});

test("logout clears the session", async ({ page }) => {
  await signInFullPage(page);
  await expect(page).toHaveURL(/\/en\/dashboard$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/en$/);
  await page.goto("/en/dashboard");
  await expect(page).toHaveURL(/\/en\/login/);
});
