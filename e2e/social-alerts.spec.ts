import { expect, test, type Page } from "@playwright/test";
import en from "../messages/en.json";
import validation from "../messages/validation/en.json";
import { SOCIAL_FAKE_URL } from "../playwright.config";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// Social alerts end to end against `npm start`'s social fake (emulators/social, on the port
// playwright.config.ts gives it): search a source, pick it, see the alert preview drawn
// from its latest real item (the default message while the alert's own is blank), save, and
// see the list's count; the RSS picker says why a feed cannot be followed; a plugin with
// alerts that is off says so and turns on in one click. Screenshots at 1440 and 390 px, and
// in Arabic (right to left), land in test-results/.

const FAKE = SOCIAL_FAKE_URL;
const plugin = (name: string, locale = "en") => `/${locale}/dashboard/${GUILD_IDS.workshop}/${name}`;

async function open(page: Page, name: string, locale = "en") {
  await signInFullPage(page, locale, plugin(name, locale));
  await page.waitForLoadState("networkidle");
}

async function chooseChannel(page: Page) {
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Alert channel" }).click();
  await dialog.getByRole("option").first().click();
}

test.describe.serial("social alerts", () => {
  test("Twitch: search a streamer, preview the alert with the live stream, save, count", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, "twitch");
    await page.getByTestId("collection-add").first().click();
    const dialog = page.getByRole("dialog");
    const picker = dialog.getByRole("combobox", { name: "Twitch username" });
    await picker.fill("ada");
    const live = dialog.getByRole("option").filter({ hasText: "Live" }).first();
    await expect(live).toBeVisible();
    const streamer = (await live.getByTestId("source-name").textContent()) ?? "";
    await screenshot(page, testInfo, "twitch-search-1440");
    await live.click();
    await expect(picker).toHaveValue(streamer);
    await chooseChannel(page);
    await dialog.getByRole("textbox", { name: "Message" }).fill("{streamer} is live: {title}");
    await expect(dialog.getByTestId("latest-notice")).toBeVisible();
    const preview = dialog.getByTestId("message-preview");
    await expect(preview).toContainText(`${streamer} is live: `);
    await expect(preview).not.toContainText("{title}");
    await screenshot(page, testInfo, "twitch-preview-1440");

    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "twitch-preview-390");
    await page.setViewportSize({ width: 1440, height: 900 });

    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page.locator("[data-item-id]").filter({ hasText: streamer })).toBeVisible();
    await expect(page.getByTestId("collection-count")).toHaveText("1 of 3 used");
  });

  test("RSS: a feed served by the local fake, previewed with its latest post", async ({ page }, testInfo) => {
    await open(page, "rss");
    await page.getByTestId("collection-add").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox", { name: "Feed link" }).fill(`${FAKE}/feeds/ada-notes.xml`);
    const feed = dialog.getByRole("option").first();
    await expect(feed).toContainText("Ada's Engineering Notes");
    await feed.click();
    await chooseChannel(page);
    // Left blank, the alert sends the plugin's default message: the preview shows that one.
    await expect(dialog.getByTestId("message-preview")).toContainText("New in Ada's Engineering Notes: Note G, annotated & explained");
    await expect(dialog.getByTestId("message-preview")).not.toContainText("The message is empty.");
    await dialog.getByRole("textbox", { name: "Message" }).fill("New in {feed}: {title}");
    await expect(dialog.getByTestId("message-preview")).toContainText("New in Ada's Engineering Notes: Note G, annotated & explained");
    await screenshot(page, testInfo, "rss-preview-1440");
    await dialog.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("[data-item-id]").filter({ hasText: "Ada's Engineering Notes" })).toBeVisible();
    await expect(page.getByTestId("collection-count")).toHaveText("1 of 3 used");
  });

  test("RSS: the picker asks for an address, and says why a feed cannot be followed", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, "rss");
    await page.getByTestId("collection-add").first().click();
    const dialog = page.getByRole("dialog");
    const picker = dialog.getByRole("combobox", { name: "Feed link" });
    const status = dialog.getByTestId("source-status");
    await picker.fill("ada notes");
    await expect(status).toHaveText(en.sourcePicker.addressExpected);
    await screenshot(page, testInfo, "rss-address-expected-1440");
    for (const [address, code] of [
      [`${FAKE}/feeds/about`, "feed_not_a_feed"],
      [`${FAKE}/feeds/missing.xml`, "feed_not_found"],
      ["http://10.0.0.1/feed.xml", "feed_blocked_address"],
      [`${FAKE}/feeds/broken.xml`, "feed_invalid"],
    ] as const) {
      await picker.fill(address);
      await expect(status).toHaveText(validation[code]);
    }
    await expect(status).not.toHaveText(en.sourcePicker.failures.provider_unavailable);
    await screenshot(page, testInfo, "rss-feed-reason-1440");
    await page.setViewportSize(PHONE);
    await expect(status).toHaveText(validation.feed_invalid);
    await screenshot(page, testInfo, "rss-feed-reason-390");
  });

  test("RSS switched off: the list says its alerts are not posted, and one click turns it on", async ({ page }, testInfo) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await open(page, "rss");
    const notice = page.getByTestId("alerts-off");
    await expect(notice).toHaveText(/RSS is switched off: none of these alerts is posted until you turn it on\./);
    await screenshot(page, testInfo, "rss-alerts-off-1440");
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "rss-alerts-off-390");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await notice.getByRole("button", { name: "Turn RSS on" }).click();
    const done = page.getByRole("status").filter({ hasText: "RSS is on." });
    await expect(done).toBeFocused();
    await expect(page.getByTestId("alerts-off")).toBeHidden();
    await expect(page.getByTestId("plugin-switch-rss")).toHaveAttribute("aria-checked", "true");
    await screenshot(page, testInfo, "rss-turned-on-390");
    await page.reload();
    await expect(page.getByTestId("plugin-switch-rss")).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("alerts-off")).toBeHidden();
  });

  test("the picker and dialog fit a phone in Arabic", async ({ page }, testInfo) => {
    await page.setViewportSize(PHONE);
    await open(page, "rss", "ar");
    await page.getByTestId("collection-add").first().click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("combobox").first().fill(`${FAKE}/feeds/ada-notes.xml`);
    await expect(dialog.getByRole("option").first()).toBeVisible();
    const box = await dialog.boundingBox();
    expect(box && box.width <= PHONE.width).toBe(true);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, testInfo, "rss-picker-390-ar");
  });
});
