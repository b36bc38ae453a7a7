import { expect, test } from "@playwright/test";
import { EMULATOR_URL, SOCIAL_FAKE_URL } from "../playwright.config";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// Settings that happen: `npm start`'s worker checks the Twitch subscription saved here against
// the social fake, a stream going live there is posted through the platform emulator, and the
// plugin page's delivery log shows it, with a link to the posted message. The worker checks
// Twitch every minute, so this waits for up to two checks. In Ada's workshop: a page of
// another owner's server would put that owner's membership in the platform cache, which
// errors.spec needs cold.

const streamer = "adalovelacecodes";
const live = (isLive: boolean, title?: string) =>
  fetch(`${SOCIAL_FAKE_URL}/__fake/live`, { method: "POST", body: JSON.stringify({ provider: "twitch", login: streamer, live: isLive, title }) });

test.afterAll(async () => {
  await live(false);
});

test("a stream going live on the fake is posted, and the delivery log links to the post", async ({ page }, testInfo) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await signInFullPage(page, "en", `/en/dashboard/${GUILD_IDS.workshop}/twitch`);
  await page.waitForLoadState("networkidle");
  const toggle = page.getByTestId("plugin-switch-twitch");
  if ((await toggle.getAttribute("aria-checked")) !== "true") {
    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-checked", "true");
  }

  await page.getByTestId("collection-add").first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByRole("combobox", { name: "Twitch username" }).fill("adalovelace");
  await dialog.getByRole("option").filter({ hasText: "AdaLovelaceCodes" }).first().click();
  await dialog.getByRole("combobox", { name: "Alert channel" }).click();
  await dialog.getByRole("option").first().click();
  await dialog.getByRole("textbox", { name: "Message" }).fill("{streamer} went live: {title}");
  await dialog.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();

  const log = page.getByTestId("delivery-log");
  const row = log.getByTestId("delivery-log-row").filter({ hasText: streamer });
  await expect(row).toBeVisible();
  // The worker's first check notes what is there (nothing: the streamer is offline).
  await expect(row.locator("td").first()).not.toHaveText("never", { timeout: 120_000 });
  await screenshot(page, testInfo, "delivery-log-checked-1440");

  expect((await live(true, "Engines of the future")).ok).toBe(true);
  const link = row.getByRole("link", { name: "Open the message" });
  await expect(link).toBeVisible({ timeout: 120_000 });
  await expect(row).toContainText("Working");
  await screenshot(page, testInfo, "delivery-log-posted-1440");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "delivery-log-posted-390");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);

  // The link opens the post as the platform (here its emulator) shows it.
  const href = (await link.getAttribute("href"))!;
  const post = await page.context().newPage();
  await post.goto(href);
  await expect(post.getByTestId("message-content")).toHaveText("AdaLovelaceCodes went live: Engines of the future");
  await post.close();

  // The bot loses its permissions in that channel: the next stream's post is refused, which
  // retrying cannot fix, so the alert pauses and the bell counts it for Ada.
  const bell = page.getByTestId("notification-bell");
  await bell.click();
  await page.keyboard.press("Escape");
  await expect(page.getByTestId("notification-count")).toHaveCount(0);
  const channelId = /\/channels\/\d+\/(\d+)\//.exec(href)![1];
  const fault = await fetch(`${EMULATOR_URL}/__emulator/faults`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ path: `/channels/${channelId}/messages`, method: "POST", status: 403 }) });
  expect(fault.status).toBe(201);
  // Offline and live again: a new stream (the fake keeps a live streamer's stream).
  expect((await live(false)).ok).toBe(true);
  expect((await live(true, "Engines, part two")).ok).toBe(true);
  await expect(page.getByTestId("notification-count")).toHaveText("1", { timeout: 150_000 });
  await bell.click();
  await expect(page.getByTestId("notification-item").first()).toContainText(/alerts in .+ are paused/);
  await page.keyboard.press("Escape");

  // The subscription goes again, leaving the server's streamers as they were for the other specs.
  page.once("dialog", (dialog) => void dialog.accept());
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.getByRole("button", { name: "Delete: AdaLovelaceCodes" }).click();
  await expect(page.getByRole("button", { name: "Delete: AdaLovelaceCodes" })).toHaveCount(0);
});
