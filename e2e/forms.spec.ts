import { expect, test, type Locator, type Page } from "@playwright/test";
import ar from "../messages/ar.json";
import fr from "../messages/fr.json";
import frPlugins from "../messages/plugins/fr.json";
import arValidation from "../messages/validation/ar.json";
import frValidation from "../messages/validation/fr.json";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// The forms an owner uses, in French and Arabic: the plugin's own schema speaks before any
// request, a changed dialog is not thrown away by Escape, dates are picked in a time zone and
// stored in UTC, previews show the platform's markdown, and emoji come from a picker.

const guild = GUILD_IDS.workshop;
const run = Date.now().toString(36);

async function openPlugin(page: Page, locale: string, pluginId: string) {
  await page.goto(`/${locale}/dashboard/${guild}/${pluginId}`);
  await page.waitForLoadState("networkidle");
  // "networkidle" can come before React has taken the form over (the realtime stream opens later).
  await page.locator("form[data-hydrated]").waitFor();
}

/** Picks an option of a picker combobox by typing part of its name. */
async function pick(combobox: Locator, page: Page, text: string) {
  await combobox.click();
  await combobox.fill(text);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

/** The collection's "+ Add" button: the first button of its header. */
const addButton = (page: Page, collection: string) => page.getByTestId(`collection-${collection}`).getByTestId("collection-add");

test.describe.serial("forms in French and Arabic", () => {
  test.beforeEach(async ({ page }) => {
    await signInFullPage(page, "en", `/en/dashboard/${guild}`);
    await expect(page).toHaveURL(new RegExp(`/en/dashboard/${guild}$`));
  });

  test("Arabic: an invalid timer is explained before any request is sent", async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await openPlugin(page, "ar", "timers");
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() !== "GET" && request.url().includes("/api/plugins/timers")) writes.push(request.url());
    });
    await addButton(page, "timers").click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('[data-field="interval_minutes"] input').fill("3");
    await dialog.locator("footer").getByRole("button", { name: ar.settings.save }).click();
    await expect(dialog.locator('[data-field="interval_minutes"]')).toContainText(arValidation.too_small.replace("{min}", "10"));
    await expect(dialog.locator('[data-field="name"]')).toContainText(arValidation.required);
    expect(writes).toEqual([]);
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await screenshot(page, testInfo, "timer-invalid-ar-phone");
  });

  test("French: Escape on a changed dialog asks first and keeps the draft; a giveaway's end is picked in a time zone", async ({ page }, testInfo) => {
    await openPlugin(page, "fr", "giveaways");
    await addButton(page, "giveaways").click();
    const dialog = page.getByRole("dialog");
    const prize = `Nitro ${run}`;
    await dialog.locator('[data-field="prize"] input').fill(prize);

    await page.keyboard.press("Escape");
    const question = dialog.getByRole("alert");
    await expect(question).toContainText(fr.settings.collection.discardQuestion);
    await question.getByRole("button", { name: fr.settings.collection.keepEditing }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog.locator('[data-field="prize"] input')).toHaveValue(prize);

    const ends = dialog.locator('[data-field="ends_at"]');
    await pick(ends.getByRole("combobox"), page, "Paris");
    await ends.locator('input[type="date"]').fill("2030-12-24");
    await ends.locator('input[type="time"]').fill("19:00");
    await pick(dialog.locator('[data-field="channel_id"]').getByRole("combobox"), page, "general");
    await screenshot(page, testInfo, "giveaway-dialog-fr");
    const saved = page.waitForResponse((response) => response.url().includes(`/api/plugins/giveaways/guilds/${guild}/giveaways`) && response.request().method() === "POST");
    await dialog.locator("footer").getByRole("button", { name: fr.settings.save }).click();
    const item = (await (await saved).json()) as { prize: string; ends_at: string };
    expect(item).toMatchObject({ prize, ends_at: "2030-12-24T18:00:00.000Z" });
    await expect(dialog).toBeHidden();
  });

  test("French: the welcome preview shows the platform's markdown", async ({ page }) => {
    await openPlugin(page, "fr", "welcome");
    const row = page.locator('[data-field="join_message"]');
    await row.getByRole("textbox").fill(`**gras ${run}** et *italique*`);
    const preview = row.getByTestId("message-preview");
    await expect(preview.locator("strong")).toHaveText(`gras ${run}`);
    await expect(preview.locator("em")).toHaveText("italique");
    await expect(preview).not.toContainText("**");
  });

  test("French: an enabled plugin refuses an empty or over-long message, and an option without its channel, before any request", async ({ page }, testInfo) => {
    // Levels is on in the demo server.
    await openPlugin(page, "fr", "levels");
    const writes: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "PATCH" && request.url().includes("/api/plugins/levels/")) writes.push(request.url());
    });
    const fields = frPlugins.levels.fields;
    const row = page.locator('[data-field="level_up_message"]');
    const box = row.getByRole("textbox");
    const status = page.getByTestId("save-bar-status");

    // Emptied: the field says what it is needed for as soon as it is empty, and Save says what is wrong.
    await box.fill("");
    const needed = frValidation.needed_for_option.replace("{field}", fields.level_up_message.label).replace("{option}", fields.level_up_announcement.options.current_channel);
    await expect(row).toContainText(needed);
    await page.getByTestId("save-button").click();
    await expect(status).toHaveText(fr.settings.invalid.replace("{field}", fields.level_up_message.label).replace("{message}", needed));
    await expect(box).toBeFocused();
    await page.setViewportSize({ width: 1440, height: 900 });
    await screenshot(page, testInfo, "levels-message-empty-fr-1440");
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "levels-message-empty-fr-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    // Past the platform's 2,000 characters: more than a red counter.
    await box.fill("a".repeat(2100));
    await page.getByTestId("save-button").click();
    await expect(row).toContainText(/Utilisez au plus 2\s000 caractères\./);
    await expect(status).toContainText(fields.level_up_message.label);
    await screenshot(page, testInfo, "levels-message-long-fr-1440");

    // Announced in a chosen channel: the channel is asked for at once.
    await box.fill("GG {user.mention}");
    await page.locator('[data-field="level_up_announcement"] select').selectOption("custom_channel");
    const channel = page.locator('[data-field="level_up_channel_id"]');
    await expect(channel).toContainText(frValidation.needed_for_option.replace("{field}", fields.level_up_channel_id.label).replace("{option}", fields.level_up_announcement.options.custom_channel));
    await page.getByTestId("save-button").click();
    await expect(channel.getByRole("combobox")).toBeFocused();
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "levels-channel-needed-fr-390");
    expect(writes).toEqual([]);
  });

  test("Arabic: a reaction role takes a custom emoji of the server from the picker, and posts with it", async ({ page }, testInfo) => {
    test.slow();
    await openPlugin(page, "ar", "reaction_roles");
    await addButton(page, "messages").click();
    const dialog = page.getByRole("dialog");
    await pick(dialog.locator('[data-field="channel_id"]').getByRole("combobox"), page, "general");
    await dialog.locator('[data-field="message"]').getByRole("textbox").fill(`Roles ${run}`);
    const pairs = dialog.locator('[data-field="pairs"]');
    await pairs.locator("button").first().click();
    await pairs.locator('[data-field="pairs.0.emoji"]').getByRole("button", { name: /./ }).first().click();
    const picker = page.getByRole("dialog", { name: ar.emojiPicker.choose });
    await picker.getByRole("searchbox").fill("blue");
    // The server's own "blue" (its name alone); the unicode 💙 matches the search too, and may be listed first while the server's emoji still load.
    await picker.getByRole("option", { name: "blue", exact: true }).click();
    await pick(pairs.locator('[data-field="pairs.0.role_id"]').getByRole("combobox"), page, "Coders");
    await screenshot(page, testInfo, "reaction-roles-emoji-ar");
    await dialog.locator("footer").getByRole("button", { name: ar.settings.save }).click();
    await expect(dialog).toBeHidden();

    const row = page.getByTestId("collection-messages").getByRole("listitem").filter({ hasText: run });
    await row.getByRole("button", { name: new RegExp(`^${ar.collectionActions.label.post}: `) }).click();
    const href = (await row.getByTestId("item-action-notice").getByRole("link").getAttribute("href")) ?? "";
    const [, channelId, messageId] = new RegExp(`/channels/${guild}/(\\d+)/(\\d+)$`).exec(href) ?? [];
    const response = await page.request.get(`${EMULATOR_URL}/__emulator/messages?channel_id=${channelId}`);
    const posted = ((await response.json()) as { messages: Array<{ id: string; reactions: Array<{ emoji: { id: string | null; name: string | null } }> }> }).messages.find(
      (message) => message.id === messageId,
    );
    expect(posted?.reactions).toEqual([expect.objectContaining({ emoji: expect.objectContaining({ name: "blue", id: expect.stringMatching(/^\d+$/) }) })]);
  });
});
