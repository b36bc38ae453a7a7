import { expect, test } from "@playwright/test";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// The public leaderboard (the demo seeds XP for the servers Ada owns, with Levels on).
const board = `/en/leaderboard/${GUILD_IDS.workshop}`;

test("anyone can open a server's leaderboard, see ranks and levels, and find a member by part of their name, with no error in the console", async ({ page }, testInfo) => {
  // An anonymous visit asks nothing that answers 401 (the browser logs every failed request).
  const consoleErrors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") consoleErrors.push(message.text());
  });
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
  await page.waitForLoadState("networkidle");
  await screenshot(page, testInfo, "leaderboard-desktop");

  // A piece from inside a name, in the other letter case: names are matched anywhere, case-blind.
  const names = (await rows.locator("bdi").allTextContents()).map((name) => name.trim());
  const wanted = names.find((name) => /^.\S{4}/u.test(name)) ?? "";
  expect(wanted).not.toBe("");
  const piece = [...wanted].slice(1, 5).join("");
  const query = piece === piece.toLowerCase() ? piece.toUpperCase() : piece.toLowerCase();
  await page.getByRole("searchbox", { name: "Find a member by name" }).fill(query);
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`${board}/search\\?q=`));
  await expect(rows.filter({ hasText: wanted }).first()).toBeVisible();
  await expect(page.getByText(`Members whose name matches “${query}”.`)).toBeVisible();
  await page.waitForLoadState("networkidle");
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "leaderboard-search-phone");
  expect(consoleErrors).toEqual([]);
});

test("a signed-in member sees their own row pinned, and the Arabic page reads right to left", async ({ page }) => {
  await signInFullPage(page, "ar", `/ar/leaderboard/${GUILD_IDS.workshop}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("leaderboard-pinned")).toContainText("Ada");
});
