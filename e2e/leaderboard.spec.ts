import { expect, test } from "@playwright/test";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// The public leaderboard (the demo seeds XP for the servers Ada owns, with Levels on).
const board = `/en/leaderboard/${GUILD_IDS.workshop}`;

test("anyone can open a server's leaderboard, see ranks and levels, and find a member by name", async ({ page }, testInfo) => {
  await page.goto(board);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ada's Workshop");
  await expect(page).toHaveTitle("Ada's Workshop leaderboard · Guildhall");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${board}$`));
  await expect(page.locator('link[rel="alternate"][hreflang="ar-SA"]')).toHaveAttribute("href", new RegExp(`/ar/leaderboard/${GUILD_IDS.workshop}$`));
  const rows = page.getByTestId("leaderboard-row");
  await expect(rows.first()).toBeVisible();
  await expect(rows.first().getByRole("progressbar")).toBeVisible();
  // Ranked from #1 down, one per row.
  const ranks = await rows.evaluateAll((items) => items.map((item) => item.firstElementChild?.textContent));
  expect(ranks.length).toBeGreaterThan(3);
  expect(ranks).toEqual(ranks.map((_, index) => `#${index + 1}`));
  // Signed out: no pinned row of one's own.
  await expect(page.getByTestId("leaderboard-pinned")).toHaveCount(0);
  await screenshot(page, testInfo, "leaderboard-desktop");

  const wanted = (await rows.nth(2).locator("bdi").textContent()) ?? "";
  await page.getByRole("searchbox", { name: "Find a member by name" }).fill(wanted.slice(0, 3));
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`${board}/search\\?q=`));
  await expect(rows.filter({ hasText: wanted })).toBeVisible();
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "leaderboard-search-phone");
});

test("a signed-in member sees their own row pinned, and the Arabic page reads right to left", async ({ page }) => {
  await signInFullPage(page, "ar", `/ar/leaderboard/${GUILD_IDS.workshop}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("leaderboard-pinned")).toContainText("Ada");
});
