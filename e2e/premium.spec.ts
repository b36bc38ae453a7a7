import { expect, test } from "@playwright/test";
import { LOCALES } from "../lib/i18n/locales";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

const WIDE = { width: 1440, height: 900 };

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;
const premiumForWorkshop = `/en/premium?guild=${GUILD_IDS.workshop}`;

test("the premium page compares Free and each sold plan, is linked from the header and fits a phone", async ({ page }, testInfo) => {
  await page.setViewportSize(WIDE);
  await page.goto("/en");
  await page.getByRole("banner").getByRole("link", { name: "Premium" }).click();
  await expect(page).toHaveURL(/\/en\/premium$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What Premium and Pro add to a server");
  const plans = page.getByRole("table", { name: "What each plan unlocks" });
  await expect(plans.getByRole("columnheader")).toHaveText(["Unlocks", "Premium", "Pro", "Premium + Pro bundle"]);
  const proLimits = plans.getByRole("row").filter({ has: page.getByRole("rowheader", { name: /^Twice the list limits/ }) });
  await expect(proLimits.getByRole("cell")).toHaveText(["—Not included", "✓Included", "✓Included"]);
  const lists = page.getByRole("table", { name: "Lists that hold more" });
  const timers = lists.getByRole("row").filter({ has: page.getByRole("rowheader", { name: "Timers", exact: true }) });
  await expect(timers.getByRole("cell")).toHaveText(["2", "20", "4", "40"]);
  // Web3 unlocks nothing built yet: it is neither priced nor offered.
  await expect(page.getByTestId("premium-prices").getByRole("rowheader")).toHaveText(["Premium", "Pro", "Premium + Pro bundle"]);
  await expect(page.getByRole("radio", { name: /Web3/ })).toHaveCount(0);
  await expect(page.getByTestId("premium-checkout")).toContainText("secure page");
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/en\/premium$/);
  await screenshot(page, testInfo, "premium-desktop");
  await page.setViewportSize(PHONE);
  // At 390 px the tables wrap instead of scrolling the page sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // On a phone the footer links it; the bar keeps the language and the dashboard.
  await expect(page.getByRole("contentinfo").getByRole("link", { name: "Premium" })).toBeVisible();
  await screenshot(page, testInfo, "premium-phone");
});

test("/ar/premium renders right-to-left, wide and on a phone", async ({ page }, testInfo) => {
  await page.setViewportSize(WIDE);
  await page.goto("/ar/premium");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByRole("table", { name: "ما تفتحه كل خطة" }).getByRole("columnheader")).toHaveText(["ما تفتحه", "Premium", "Pro", "باقة Premium + Pro"]);
  await expect(page.getByRole("table", { name: "قوائم تتسع لعناصر أكثر" })).toBeVisible();
  await screenshot(page, testInfo, "premium-ar");
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, testInfo, "premium-ar-phone");
});

test("a free server's premium surfaces explain themselves and lead to the premium page for that server", async ({ page }) => {
  await signInFullPage(page, "en", workshop);
  await expect(page.getByTestId("guild-overview")).toBeVisible();
  await expect(page.getByTestId("plugin-card-record").getByTestId("premium-card-note")).toContainText("Premium unlocks Record on this server.");
  // The menu's links are written relative to the page (app/[locale]/dashboard/[guildId]/relative-href.ts): compare where it leads.
  const premiumLink = page.locator("#guild-menu").getByRole("link", { name: "Premium", exact: true });
  expect(await premiumLink.evaluate((link: HTMLAnchorElement) => new URL(link.href).pathname + new URL(link.href).search)).toBe(premiumForWorkshop);

  await page.goto(`${workshop}/record`);
  const notice = page.getByTestId("premium-plugin-notice");
  await expect(notice).toContainText("Premium unlocks Record on this server.");
  await expect(notice.getByRole("link", { name: "See what Premium adds" })).toHaveAttribute("href", premiumForWorkshop);

  await page.goto(`${workshop}/music`);
  const note = page.locator('[data-field="always_on"]').getByTestId("premium-field-note");
  await expect(note).toContainText("Premium unlocks this setting on this server.");
  await note.getByRole("link", { name: "See what Premium adds" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/premium\\?guild=${GUILD_IDS.workshop}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("What Premium and Pro add to a server");
});

test("every comparison table fits a phone's width in every language, the lists' five columns too", async ({ page }) => {
  await page.setViewportSize(PHONE);
  for (const locale of LOCALES) {
    await page.goto(`/${locale}/premium`);
    const tables = await page.locator("table").evaluateAll((all) => all.map((table) => ({ name: table.getAttribute("data-testid"), fits: table.scrollWidth <= table.parentElement!.clientWidth })));
    expect(tables.filter((table) => !table.fits).map((table) => `${locale}: ${table.name}`)).toEqual([]);
  }
});
