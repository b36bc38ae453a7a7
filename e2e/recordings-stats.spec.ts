import { expect, test } from "@playwright/test";
import { GUILD_IDS, PHONE, signInFullPage } from "./fixtures";

// Record and Statistics (both Premium) on Night Owls, which the demo seeded with three
// recordings and 30 days of activity: the recordings are listed and one downloads through its
// short-lived link; the Statistics page draws the charts, with their numbers in a table, and
// they fit a phone in Arabic. Night Owls gets Premium with the Stripe fake's test card unless an
// earlier journey (premium-checkout) bought it already.

const overview = `/en/dashboard/${GUILD_IDS.nightOwls}`;

test("lists the demo recordings and downloads one; draws the activity charts, in English and in Arabic at phone width", async ({ page }) => {
  test.setTimeout(120_000);
  await signInFullPage(page, "en", `${overview}/record`);
  await expect(page).toHaveURL(new RegExp(`${overview}/record$`), { timeout: 30_000 });
  if (await page.getByTestId("premium-plugin-notice").isVisible()) {
    await page.getByTestId("premium-buy-card").click();
    await page.getByLabel("Card number").fill("4242 4242 4242 4242");
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Name on card").fill("Ada Lovelace");
    await page.getByTestId("checkout-pay").click();
    await expect(page).toHaveURL(new RegExp(`${overview}\\?premium=welcome`));
    await page.goto(`${overview}/record`);
  }

  const list = page.getByTestId("recording-list");
  await page.locator('[data-testid="recording-list"][data-hydrated]').waitFor();
  const rows = list.getByRole("listitem");
  await expect(rows).toHaveCount(3);
  await expect(rows.first()).toContainText("Lounge");
  await expect(rows.first()).toContainText("1:35");
  await expect(rows.nth(2)).toContainText("12:00");

  const download = page.waitForEvent("download");
  await rows.first().getByRole("button", { name: /^Download: / }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("demo-0.wav");
  await expect(page.getByTestId("recording-action-done")).toContainText("Downloading");

  await page.goto(`${overview}/statistics`);
  const charts = page.getByTestId("statistics-charts");
  await expect(charts.getByRole("img", { name: /Members joined and left per day/ })).toBeVisible();
  await expect(charts.getByRole("img", { name: /Messages per day/ })).toBeVisible();
  await charts.getByText("Show the numbers as a table").first().click();
  await expect(page.getByTestId("members-table").locator("tbody tr")).toHaveCount(30);

  // Arabic at phone width: the page is right to left, the plots stay left to right and inside the screen.
  await page.setViewportSize(PHONE);
  await page.goto(`/ar/dashboard/${GUILD_IDS.nightOwls}/statistics`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  for (const id of ["members", "messages"]) {
    const chart = page.getByTestId(`${id}-chart`);
    await chart.scrollIntoViewIfNeeded();
    const box = (await chart.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
});
