import { expect, test, type Locator, type Page } from "@playwright/test";
import ar from "../messages/ar.json";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// Custom commands, timers and reaction roles through the generic collection UI, with the
// item actions that talk to the platform (timer preview, reaction-role post) checked in the
// emulator's message store.

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;
// Names of this run, so a database that already holds items from another run does not matter.
const run = Date.now().toString(36);

type EmulatorMessage = { id: string; content: string; reactions: Array<{ emoji: { id: string | null; name: string | null }; me: boolean; count: number }> };

async function channelMessages(page: Page, channelId: string): Promise<EmulatorMessage[]> {
  const response = await page.request.get(`${EMULATOR_URL}/__emulator/messages?channel_id=${channelId}`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { messages: EmulatorMessage[] }).messages;
}

/** Picks an option of a picker combobox by typing part of its name. */
async function pick(combobox: Locator, page: Page, text: string) {
  await combobox.click();
  await combobox.fill(text);
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Enter");
}

/** The channel and message ids of the link an action notice offers ("…/channels/{guild}/{channel}/{message}"). */
async function postedIds(notice: Locator): Promise<{ channelId: string; messageId: string }> {
  const href = (await notice.getByRole("link").getAttribute("href")) ?? "";
  const match = new RegExp(`/channels/${GUILD_IDS.workshop}/(\\d{17,20})/(\\d{17,20})$`).exec(href);
  expect(match, `message link ${href}`).not.toBeNull();
  return { channelId: match![1]!, messageId: match![2]! };
}

async function openPlugin(page: Page, pluginId: string) {
  await page.goto(`${workshop}/${pluginId}`);
  // The collection is an island: it reacts only once the page is hydrated.
  await page.waitForLoadState("networkidle");
}

const itemRow = (page: Page, collection: string, text: string) => page.getByTestId(`collection-${collection}`).getByRole("listitem").filter({ hasText: text });

test.describe.serial("commands, timers and reaction roles", () => {
  test.beforeEach(async ({ page }) => {
    await signInFullPage(page, "en", workshop);
    await expect(page).toHaveURL(new RegExp(`${workshop}$`));
  });

  test("creates a custom command and finds it after a reload", async ({ page }) => {
    const name = `faq-${run}`;
    await openPlugin(page, "commands");
    await page.getByRole("button", { name: "+ Add command" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Command name" }).fill(name);
    await dialog.getByRole("textbox", { name: "Response", exact: true }).fill("Read the FAQ in {server.name}, please.");
    await dialog.getByRole("spinbutton", { name: "Cooldown (seconds)" }).fill("30");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();
    await expect(itemRow(page, "commands", name)).toBeVisible();

    await page.reload();
    await expect(itemRow(page, "commands", name)).toBeVisible();
    await page.waitForLoadState("networkidle");
    await itemRow(page, "commands", name).getByRole("button", { name: `Edit: ${name}` }).click();
    await expect(dialog.getByRole("spinbutton", { name: "Cooldown (seconds)" })).toHaveValue("30");
    await expect(dialog.getByRole("textbox", { name: "Response", exact: true })).toHaveValue("Read the FAQ in {server.name}, please.");
    await dialog.getByRole("button", { name: "Cancel" }).click();
  });

  test("creates a timer, explains a bad interval, and sends a preview to the channel", async ({ page }, testInfo) => {
    const name = `Rules reminder ${run}`;
    await openPlugin(page, "timers");
    await page.getByRole("button", { name: "+ Add timer" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("textbox", { name: "Name", exact: true }).fill(name);
    await pick(dialog.getByRole("combobox", { name: "Channel" }), page, "general");
    await dialog.getByRole("textbox", { name: "Message", exact: true }).fill(`Reminder ${run} from {server.name}: read the rules!`);
    const interval = dialog.getByRole("spinbutton", { name: "Interval (minutes)" });
    await interval.fill("5");
    await dialog.getByRole("button", { name: "Save" }).click();
    // The schema's bound, in words, next to the field, before anything is sent.
    await expect(dialog.locator('[data-field="interval_minutes"]')).toContainText("Enter a number of at least 10.");
    await expect(interval).toHaveAttribute("aria-invalid", "true");
    await interval.fill("30");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();

    const row = itemRow(page, "timers", name);
    await expect(row).toContainText("#general");
    await row.getByRole("button", { name: `Send preview: ${name}` }).click();
    const notice = row.getByTestId("item-action-notice");
    await expect(notice).toContainText("Preview sent in #general.");
    await expect(notice).toHaveAttribute("role", "status");
    const { channelId, messageId } = await postedIds(notice);
    const posted = (await channelMessages(page, channelId)).find((message) => message.id === messageId);
    expect(posted?.content).toBe(`Reminder ${run} from Ada's Workshop: read the rules!`);
    await screenshot(page, testInfo, "timers-desktop");
  });

  test("creates a reaction-role message, posts it with its reaction, and offers a re-post", async ({ page }, testInfo) => {
    // Many steps (post, reload, re-post, phone and German views, a rate limit in Arabic): on a
    // busy 2-core machine they took past the default 60 s once, so this test gets three times that.
    test.slow();
    const text = `Pick your roles on {server.name} (${run})`;
    await openPlugin(page, "reaction_roles");
    await page.getByRole("button", { name: "+ Add message" }).click();
    const dialog = page.getByRole("dialog");
    await pick(dialog.getByRole("combobox", { name: "Channel" }), page, "general");
    await dialog.getByRole("textbox", { name: "Message", exact: true }).fill(text);
    const pairs = dialog.locator('[data-field="pairs"]');
    await pairs.getByRole("button", { name: "+ Add" }).click();
    await pairs.locator('[data-field="pairs.0.emoji"]').getByRole("button").first().click();
    const emojiPicker = page.getByRole("dialog", { name: "Choose an emoji" });
    await emojiPicker.getByRole("searchbox", { name: "Search emojis" }).fill("red circle");
    await emojiPicker.getByRole("option", { name: "red circle", exact: true }).click();
    await pick(pairs.locator('[data-field="pairs.0.role_id"]').getByRole("combobox"), page, "Coders");
    // The posted message is the action's to set, not a field of the form.
    await expect(dialog.locator('[data-field="message_id"]')).toHaveCount(0);
    await screenshot(page, testInfo, "reaction-roles-dialog-desktop");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(dialog).toBeHidden();

    const row = itemRow(page, "messages", `(${run})`);
    await expect(row).not.toContainText("Posted");
    await row.getByRole("button", { name: /^Post to channel: / }).click();
    const notice = row.getByTestId("item-action-notice");
    await expect(notice).toContainText("Posted in #general.");
    await expect(row.locator(".badge", { hasText: "Posted" })).toBeVisible();
    await expect(row.getByRole("button", { name: /^Re-post: / })).toBeVisible();
    const { channelId, messageId } = await postedIds(notice);
    const posted = (await channelMessages(page, channelId)).find((message) => message.id === messageId);
    expect(posted?.content).toBe(`Pick your roles on Ada's Workshop (${run})`);
    expect(posted?.reactions).toEqual([expect.objectContaining({ emoji: expect.objectContaining({ name: "🔴" }), me: true })]);
    await screenshot(page, testInfo, "reaction-roles-desktop");

    // After a reload the item still reads as posted; a re-post edits the same message.
    await page.reload();
    await page.waitForLoadState("networkidle");
    await itemRow(page, "messages", `(${run})`).getByRole("button", { name: /^Re-post: / }).click();
    const again = await postedIds(itemRow(page, "messages", `(${run})`).getByTestId("item-action-notice"));
    expect(again.messageId).toBe(messageId);

    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "reaction-roles-phone");
    await openPlugin(page, "timers");
    await screenshot(page, testInfo, "timers-phone");
    // Longer labels (German) wrap inside the item instead of overflowing it.
    await page.goto(`/de/dashboard/${GUILD_IDS.workshop}/reaction_roles`);
    await screenshot(page, testInfo, "reaction-roles-de-phone");

    // A platform rate limit is explained under the item: here in Arabic (right to left) on a
    // phone. Last in the file: the bot then keeps off this channel for the seconds named.
    await page.goto(`/ar/dashboard/${GUILD_IDS.workshop}/timers`);
    await page.waitForLoadState("networkidle");
    const fault = await page.request.post(`${EMULATOR_URL}/__emulator/faults`, { data: { path: `/channels/${channelId}/messages`, method: "POST", status: 429, retry_after: 5 } });
    expect(fault.ok()).toBe(true);
    try {
      const timer = page.getByTestId("collection-timers").getByRole("listitem").filter({ hasText: run });
      await timer.getByRole("button", { name: new RegExp(`^${ar.collectionActions.label.preview}: `) }).click();
      await expect(timer.getByRole("alert")).toContainText(ar.collectionActions.errors.rate_limited);
      await screenshot(page, testInfo, "timers-rate-limited-ar-phone");
    } finally {
      await page.request.delete(`${EMULATOR_URL}/__emulator/faults`);
    }
  });
});
