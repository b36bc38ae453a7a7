import { expect, test, type Page } from "@playwright/test";
import en from "../messages/en.json";
import enValidation from "../messages/validation/en.json";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// The utility plugins' own sections: a ware added to the Economy shop shows in its list; the
// temporary channels' name template refuses a variable the bot does not fill before any request,
// saves a good one, and "Create a creator channel" makes a voice channel in the emulator, which
// the form then shows chosen.

const guild = GUILD_IDS.workshop;
const workshop = `/en/dashboard/${guild}`;
const run = Date.now().toString(36);

async function openPlugin(page: Page, pluginId: string) {
  await page.goto(`${workshop}/${pluginId}`);
  await page.waitForLoadState("networkidle");
  // "networkidle" can come before React has taken the form over.
  await page.locator("form[data-hydrated]").first().waitFor();
}

test.beforeEach(async ({ page }) => {
  await signInFullPage(page, "en", workshop);
});

test("adds a ware to the Economy shop", async ({ page }, testInfo) => {
  await openPlugin(page, "economy");
  const wares = page.getByTestId("collection-wares");
  await wares.getByTestId("collection-add").click();
  const dialog = page.getByRole("dialog");
  const name = `VIP pass ${run}`;
  await dialog.locator('[data-field="name"] input').fill(name);
  await dialog.locator('[data-field="price"] input').fill("500");
  await dialog.locator('[data-field="stock"] input').fill("10");
  // A limit of 0 is refused in the dialog, before any request.
  await dialog.locator('[data-field="per_member_limit"] input').fill("0");
  await dialog.locator("footer").getByRole("button", { name: en.settings.save }).click();
  await expect(dialog.locator('[data-field="per_member_limit"]')).toContainText(enValidation.too_small.replace("{min}", "1"));
  await dialog.locator('[data-field="per_member_limit"] input').fill("2");
  await dialog.locator("footer").getByRole("button", { name: en.settings.save }).click();
  await expect(dialog).toBeHidden();
  await expect(wares.getByRole("listitem").filter({ hasText: name })).toBeVisible();
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "economy-ware-added-390");
});

test("refuses an unknown variable in the temporary channels' name template, saves a good one, and creates a creator channel", async ({ page }, testInfo) => {
  await openPlugin(page, "temporary_channels");
  const writes: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "PATCH" && request.url().includes("/api/plugins/temporary_channels/")) writes.push(request.url());
  });
  const row = page.locator('[data-field="name_template"]');
  const box = row.getByRole("textbox");
  await box.fill("{user} plays {game}");
  const refusal = enValidation.unknown_template_variable.replace("{variable}", "{game}").replace("{known}", "{user}, {user.name}, {count}");
  // Shown once the field is left or a save is tried: Save says what is wrong and sends nothing.
  await page.getByTestId("save-button").click();
  await expect(row).toContainText(refusal);
  await expect(page.getByTestId("save-bar-status")).toContainText(refusal);
  expect(writes).toEqual([]);
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "temporary-channels-template-refused-390");
  await page.setViewportSize({ width: 1280, height: 900 });

  await box.fill(`{user}'s room ${run}`);
  await expect(row).not.toContainText(refusal);
  const saved = page.waitForResponse((response) => response.url().includes(`/api/plugins/temporary_channels/config/${guild}`) && response.request().method() === "PATCH");
  await page.getByTestId("save-button").click();
  expect((await saved).status()).toBe(200);
  // Saved: the bar with its unsaved changes goes away.
  await expect(page.getByTestId("save-bar-status")).toBeHidden();
  expect(writes).toHaveLength(1);

  // The bot makes the creator channel in the emulator; it is then the one chosen.
  const channelName = `➕ Room ${run}`;
  await page.getByTestId("creator-channel-name").fill(channelName);
  await page.getByTestId("creator-channel-create").click();
  await expect(page.getByTestId("creator-channel-done")).toHaveText(en.temporaryChannels.created.replace("{name}", channelName));
  // After a reload the form's picker, which lists the emulator's channels, shows it chosen.
  await page.reload();
  await page.locator("form[data-hydrated]").first().waitFor();
  await expect(page.locator('[data-field="creator_channel_id"]').getByRole("combobox")).toHaveValue(new RegExp(channelName));
});
