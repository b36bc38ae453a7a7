import { expect, test } from "@playwright/test";
import sharp from "sharp";
import { GUILD_IDS, screenshot, signInFullPage } from "./fixtures";

// The emojis and webhooks plugin pages in the demo Night Owls (npm start lets the bot manage
// expressions and webhooks there): a manager uploads an emoji and renames it, then makes a
// webhook and copies its URL, which is shown that once and in no page afterwards.
const guild = GUILD_IDS.nightOwls;

test("uploads an emoji and renames it, by keyboard", async ({ page }, testInfo) => {
  await signInFullPage(page, "en", `/en/dashboard/${guild}/emojis`);
  const gallery = page.getByTestId("emoji-gallery");
  await expect(gallery.getByTestId("emoji-slots")).toContainText(/Static: \d+ of \d+/);

  const upload = page.getByTestId("emoji-upload");
  const picture = await sharp({ create: { width: 256, height: 256, channels: 4, background: "#f5c542" } }).png().toBuffer();
  await upload.getByLabel("Picture").setInputFiles({ name: "star.png", mimeType: "image/png", buffer: picture });
  await upload.getByLabel("Name", { exact: true }).fill("night_star");
  await upload.getByLabel("Name", { exact: true }).press("Enter");
  await expect(page.getByTestId("emoji-upload-done")).toHaveText("Emoji :night_star: uploaded.", { timeout: 15_000 });
  const tile = gallery.getByTestId("emoji-night_star");
  await expect(tile).toBeVisible({ timeout: 15_000 });
  await expect(tile.locator("img")).toHaveJSProperty("complete", true);

  await tile.getByRole("button", { name: "Rename :night_star:" }).click();
  const field = tile.getByLabel("New name for :night_star:");
  await expect(field).toBeFocused();
  await field.fill("night_sky");
  await field.press("Enter");
  await expect(gallery.getByTestId("emoji-night_sky")).toBeVisible({ timeout: 15_000 });
  await expect(gallery.getByTestId("emoji-night_star")).toHaveCount(0);
  await screenshot(page, testInfo, "emoji-gallery");
});

test("makes a webhook and copies its URL, shown once", async ({ page, context }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await signInFullPage(page, "en", `/en/dashboard/${guild}/webhooks`);
  const form = page.getByTestId("webhook-create");
  await form.getByLabel("Name", { exact: true }).fill("Book alerts");
  await form.getByRole("button", { name: "Create" }).click();
  await expect(page.getByTestId("webhook-create-done")).toHaveText("Webhook Book alerts created.", { timeout: 15_000 });

  const url = await page.getByTestId("webhook-url").inputValue();
  expect(url).toMatch(/\/api\/webhooks\/\d{17,20}\/[\w-]{60,}$/);
  await page.getByTestId("webhook-secret").getByRole("button", { name: "Copy URL" }).click();
  await expect(page.getByTestId("webhook-copied")).toHaveText("URL copied.");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  await screenshot(page, testInfo, "webhook-created");

  // Once dismissed or reloaded, the URL (its token) is nowhere: not the list, not the page's HTML.
  await page.getByTestId("webhook-secret").getByRole("button", { name: "Done" }).click();
  await expect(page.getByTestId("webhook-url")).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId("webhook-item").filter({ hasText: "Book alerts" })).toBeVisible();
  const token = url.split("/").at(-1)!;
  expect(await page.content()).not.toContain(token);
});
