import { expect, test, type Page } from "@playwright/test";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;

test("#rank-card opens the signed-in user's own rank card in a dialog", async ({ page }) => {
  await signInFullPage(page, "en", `${workshop}#rank-card`);
  const dialog = page.getByTestId("rank-card-dialog");
  await expect(dialog).toBeVisible();
  const card = dialog.locator("img");
  await expect(card).toBeVisible();
  // The PNG arrived and was drawn at its size.
  await expect.poll(() => card.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1000);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});

test("two admins on the music page see the same queue, live, after a reorder", async ({ browser }, testInfo) => {
  test.setTimeout(90_000);
  const music = `${workshop}/music`;
  const first = await (await browser.newContext()).newPage();
  const second = await (await browser.newContext()).newPage();
  for (const page of [first, second]) {
    await signInFullPage(page, "en", music);
    await expect(page.getByTestId("music-player")).toBeVisible();
  }
  const queue = (page: Page) => page.getByTestId("music-track");
  const titles = (page: Page) => queue(page).evaluateAll((rows) => rows.map((row) => row.textContent));
  const before = await queue(first).count();

  await first.getByRole("searchbox", { name: "Search tracks" }).fill("joplin");
  await first.getByRole("button", { name: "Search", exact: true }).click();
  for (const title of ["Maple Leaf Rag", "The Entertainer"]) {
    await first.getByRole("button", { name: `Add “${title}” to the end of the queue` }).click();
    await expect(queue(first).filter({ hasText: title })).toHaveCount(1);
  }
  // The other admin's page follows without a reload.
  await expect(queue(second)).toHaveCount(before + 2);
  await expect(queue(second).last()).toContainText("The Entertainer");

  await second.getByRole("button", { name: "Move “The Entertainer” up" }).click();
  await expect(queue(first).nth(before)).toContainText("The Entertainer");
  await expect(queue(first).nth(before + 1)).toContainText("Maple Leaf Rag");
  expect(await titles(first)).toEqual(await titles(second));

  // A pasted link finds its track through the host's oEmbed (the social fake's SoundCloud), which tells no length.
  await first.getByRole("searchbox", { name: "Search tracks" }).fill("https://soundcloud.com/ada-moon/night-engines");
  await first.getByRole("button", { name: "Search", exact: true }).click();
  await first.getByRole("button", { name: "Add “Night Engines” to the end of the queue" }).click();
  await expect(queue(second).last()).toContainText("Night Engines");
  await expect(queue(second).last()).toContainText("Length unknown");
  await screenshot(first, testInfo, "music-desktop");
  await first.setViewportSize(PHONE);
  await screenshot(first, testInfo, "music-phone");
});
