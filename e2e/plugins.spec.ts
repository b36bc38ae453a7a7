import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;
const nightOwls = `/en/dashboard/${GUILD_IDS.nightOwls}`;

const saved = (page: Page, path: string) => page.waitForResponse((response) => response.url().includes(path) && response.request().method() === "PATCH" && response.ok());

test.describe.serial("plugin framework", () => {
  test.beforeEach(async ({ page }) => {
    await signInFullPage(page, "en", workshop);
    await expect(page.getByTestId("guild-overview")).toBeVisible();
    // Islands (switches, pickers, file input) react only once the page is hydrated.
    await page.waitForLoadState("networkidle");
  });

  test("says what a plugin needs before it can be on, sets a channel with the picker, turns it on, and it persists", async ({ page }, testInfo) => {
    const toggle = page.getByTestId("plugin-switch-welcome");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    // Without its channel Welcome could greet nobody: turning it on says what to fill, and it stays off.
    await toggle.click();
    await expect(page.locator("#error-modal-message")).toHaveText("Fill in “Welcome channel” before turning Welcome on.");
    await page.keyboard.press("Escape");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await screenshot(page, testInfo, "overview-desktop");

    // Cache the French plugin page before the write below.
    await page.goto(`/fr/dashboard/${GUILD_IDS.workshop}/welcome`);
    await expect(page.getByRole("combobox", { name: "Salon de bienvenue" })).not.toHaveValue(/general/);
    await page.goto(`${workshop}/welcome`);
    const picker = page.getByRole("combobox", { name: "Welcome channel" });
    await picker.click();
    await picker.fill("general");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(page.getByTestId("save-bar")).toBeVisible();
    const saving = saved(page, "/api/plugins/welcome/config/");
    await page.getByTestId("save-button").click();
    await saving;
    await expect(page.getByTestId("save-bar")).toBeHidden();
    const enabling = saved(page, "/api/plugins/welcome/config/");
    await page.getByTestId("plugin-switch-welcome").click();
    await enabling;
    // Both writes, a moment apart, show on the next load of the cached page.
    await page.reload();
    await expect(page.getByTestId("plugin-switch-welcome")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByRole("combobox", { name: "Welcome channel" })).toHaveValue(/general/);
    // The plugin page is a cached page: the write expired it in every language.
    await page.goto(`/fr/dashboard/${GUILD_IDS.workshop}/welcome`);
    await expect(page.getByRole("combobox", { name: "Salon de bienvenue" })).toHaveValue(/general/);
    await page.goto(`${workshop}/welcome`);
    await screenshot(page, testInfo, "plugin-desktop");
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "plugin-phone");
    // On phones the guild menu folds into a toggle that names the current page.
    const menu = page.locator('button[aria-controls="guild-menu"]');
    await expect(menu).toContainText("Welcome");
    await expect(page.locator("#guild-menu")).toBeHidden();
    await menu.click();
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await page.locator("#guild-menu").getByRole("link", { name: "Timers" }).click();
    await expect(page).toHaveURL(new RegExp(`${workshop}/timers$`));
    await expect(page.locator("#guild-menu")).toBeHidden();
  });

  test("shows the change in the audit log and reverts it", async ({ page }, testInfo) => {
    await page.goto(`${workshop}/audit-log`);
    // The latest change turned Welcome on; the one before chose its channel.
    const latest = page.getByTestId("audit-event").first();
    await expect(latest).toContainText("turned on Welcome");
    await expect(page.getByTestId("audit-event").nth(1)).toContainText("Welcome channel");
    await screenshot(page, testInfo, "audit-log-desktop");
    page.once("dialog", (dialog) => dialog.accept());
    const reverting = page.waitForResponse((response) => response.url().includes("/revert") && response.ok());
    await latest.getByTestId("revert-button").click();
    await reverting;
    await page.goto(`${workshop}/welcome`);
    await page.waitForLoadState("networkidle");
    const toggle = page.getByTestId("plugin-switch-welcome");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await expect(page.getByRole("combobox", { name: "Welcome channel" })).toHaveValue(/general/);
    // On again for the export below.
    const enabling = saved(page, "/api/plugins/welcome/config/");
    await toggle.click();
    await enabling;
  });

  test("exports settings from one server and imports them into another", async ({ page }, testInfo) => {
    await page.goto(`${workshop}/copy-settings`);
    const downloading = page.waitForEvent("download");
    await page.getByTestId("export-link").click();
    const download = await downloading;
    const file = await download.path();
    const exported = JSON.parse(await readFile(file, "utf8"));
    expect(exported.plugins.welcome.enabled).toBe(true);

    await page.goto(`${nightOwls}/copy-settings`);
    // The file input only reacts once the page is hydrated.
    await page.waitForLoadState("networkidle");
    await page.getByTestId("import-file").setInputFiles(file);
    await expect(page.getByTestId("import-plan")).toBeVisible();
    await screenshot(page, testInfo, "import-plan-desktop");
    await page.getByTestId("apply-import").click();
    await expect(page.getByTestId("import-done")).toBeVisible();
    await page.goto(nightOwls);
    await expect(page.getByTestId("plugin-switch-welcome")).toHaveAttribute("aria-checked", "true");
  });

  test("the cached overview shows a plugin switched on elsewhere, after a client-side navigation", async ({ page }) => {
    await expect(page.getByTestId("user-name")).toHaveText("Ada");
    await expect(page.getByTestId("plugin-switch-help")).toHaveAttribute("aria-checked", "false");
    await page.locator("#guild-menu").getByRole("link", { name: "Help" }).click();
    await expect(page).toHaveURL(new RegExp(`${workshop}/help$`));
    await page.waitForLoadState("networkidle");
    const enabling = saved(page, "/api/plugins/help/config/");
    await page.getByTestId("plugin-switch-help").click();
    await enabling;
    await page.locator("#guild-menu").getByRole("link", { name: "Overview" }).click();
    await expect(page.getByTestId("guild-overview")).toBeVisible();
    await expect(page.getByTestId("plugin-switch-help")).toHaveAttribute("aria-checked", "true");
  });
});
