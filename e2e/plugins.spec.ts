import { expect, test, type Page } from "@playwright/test";
import { readFile } from "node:fs/promises";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;
const nightOwls = `/en/dashboard/${GUILD_IDS.nightOwls}`;

const WIDE = { width: 1440, height: 900 };

const saved = (page: Page, path: string) => page.waitForResponse((response) => response.url().includes(path) && response.request().method() === "PATCH" && response.ok());

test.describe.serial("plugin framework", () => {
  test.beforeEach(async ({ page }) => {
    await signInFullPage(page, "en", workshop);
    await expect(page.getByTestId("guild-overview")).toBeVisible();
    // Islands (switches, pickers, file input) react only once the page is hydrated.
    await page.waitForLoadState("networkidle");
  });

  test("says beside the field what a plugin needs to be on, and switching on saves the channel picked with it", async ({ page }, testInfo) => {
    // The longest journey of the file: the overview, the plugin page in two languages and sizes, a reload.
    test.slow();
    const toggle = page.getByTestId("plugin-switch-welcome");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    // Without its channel Welcome could greet nobody: the overview says so under the switch (no error dialog), and it stays off.
    await toggle.click();
    const refusal = page.getByTestId("plugin-switch-welcome-refusal");
    await expect(refusal).toContainText("Fill in “Welcome channel” before turning Welcome on.");
    await expect(page.locator("#error-modal-message")).toBeHidden();
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    await screenshot(page, testInfo, "overview-desktop");

    // Cache the French plugin page before the write below.
    await page.goto(`/fr/dashboard/${GUILD_IDS.workshop}/welcome`);
    await expect(page.getByRole("combobox", { name: "Salon de bienvenue" })).not.toHaveValue(/general/);
    // The link under the switch leads to the field.
    await page.goto(workshop);
    await page.waitForLoadState("networkidle");
    await page.getByTestId("plugin-switch-welcome").click();
    await refusal.getByRole("link", { name: "Open its settings" }).click();
    await expect(page).toHaveURL(new RegExp(`${workshop}/welcome#cfg-welcome-join_channel_id$`));
    await page.waitForLoadState("networkidle");

    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH" && request.url().includes("/api/plugins/welcome/config/")) writes.push(request.postData() ?? "");
    });
    // On its page the switch says it beside the field, puts the focus there, and sends nothing.
    await page.getByTestId("plugin-switch-welcome").click();
    const field = page.locator('[data-field="join_channel_id"]');
    await expect(field).toContainText("Fill in “Welcome channel” before turning Welcome on.");
    const picker = page.getByRole("combobox", { name: "Welcome channel" });
    await expect(picker).toBeFocused();
    await expect(picker).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator("#error-modal-message")).toBeHidden();
    await expect(page.getByTestId("plugin-switch-welcome")).toHaveAttribute("aria-checked", "false");
    expect(writes).toEqual([]);
    await page.setViewportSize(WIDE);
    await screenshot(page, testInfo, "welcome-needs-channel-1440");
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "welcome-needs-channel-390");
    await page.setViewportSize(WIDE);

    // Picked, not saved: switching on saves the channel and turns Welcome on in one request.
    await picker.click();
    await picker.fill("general");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await expect(field).not.toContainText("before turning Welcome on");
    await expect(page.getByTestId("save-bar")).toBeVisible();
    const enabling = saved(page, "/api/plugins/welcome/config/");
    await page.getByTestId("plugin-switch-welcome").click();
    await enabling;
    expect(writes.map((body) => JSON.parse(body) as unknown)).toEqual([{ enabled: true, join_channel_id: expect.stringMatching(/^\d+$/) }]);
    await expect(page.getByTestId("plugin-switch-welcome")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("save-bar")).toBeHidden();
    // Both show on the next load of the cached page.
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
    // One change turned Welcome on and chose its channel.
    const latest = page.getByTestId("audit-event").first();
    await expect(latest).toContainText("turned on Welcome");
    await expect(latest).toContainText("Welcome channel");
    await screenshot(page, testInfo, "audit-log-desktop");

    // Filtered to Welcome's changes, then to days with none, then cleared.
    const filters = page.getByTestId("audit-filters");
    await filters.getByLabel("Plugin").selectOption({ label: "Welcome" });
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]plugin=welcome/);
    await expect(page.getByTestId("audit-event").first()).toContainText("turned on Welcome");
    const tomorrow = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    await page.getByTestId("audit-filters").getByLabel("From").fill(tomorrow);
    await page.getByTestId("audit-filters").getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No change matches these filters.")).toBeVisible();
    await expect(page.getByTestId("audit-event")).toHaveCount(0);
    await page.getByTestId("audit-clear-filters").click();
    await expect(page).toHaveURL(new RegExp(`${workshop}/audit-log$`));
    await expect(latest).toContainText("turned on Welcome");
    page.once("dialog", (dialog) => dialog.accept());
    const reverting = page.waitForResponse((response) => response.url().includes("/revert") && response.ok());
    await latest.getByTestId("revert-button").click();
    await reverting;
    await page.goto(`${workshop}/welcome`);
    await page.waitForLoadState("networkidle");
    const toggle = page.getByTestId("plugin-switch-welcome");
    await expect(toggle).toHaveAttribute("aria-checked", "false");
    const picker = page.getByRole("combobox", { name: "Welcome channel" });
    await expect(picker).not.toHaveValue(/general/);
    // On again, with its channel, for the export below.
    await picker.click();
    await picker.fill("general");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const enabling = saved(page, "/api/plugins/welcome/config/");
    await toggle.click();
    await enabling;
    await expect(toggle).toHaveAttribute("aria-checked", "true");
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
