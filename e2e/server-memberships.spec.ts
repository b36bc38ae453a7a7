import { expect, test, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// Memberships (issue 25) on Lo-fi Study Hall, which dani owns and where Ada is a plain member:
// dani (Premium bought with the Stripe fake's test card unless an earlier journey did: the file
// is named to run after premium-chooser.spec.ts, which needs Lo-fi free and buys it Premium) turns the
// plugin on and adds a plan granting "Study Buddy"; Ada opens the public membership page, joins
// with the test card on the fake's hosted checkout and comes back to the welcome, her plan
// marked; the page fits a phone in Arabic.

const guild = GUILD_IDS.lofi;
const settings = `/en/dashboard/${guild}/memberships`;
const publicPage = `/en/memberships/${guild}`;

async function pay(page: Page) {
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByTestId("checkout-pay").click();
}

/** Full-page sign-in as dani (the emulator's consent page offers every demo user). */
async function signInAsDani(page: Page, redirect: string) {
  await page.goto(`/en/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId("login-full-page").click();
  await page.getByRole("radio", { name: /dani/ }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
  const app = new URL(APP_URL).host;
  await page.waitForURL((url) => url.host === app && url.pathname !== "/auth/callback", { timeout: 30_000 });
}

test("an owner sells a plan; a member buys it on the public page with the test card and comes back a member", async ({ page, browser }, testInfo) => {
  test.setTimeout(180_000);
  const owner = await (await browser.newContext()).newPage();
  await signInAsDani(owner, settings);
  await expect(owner).toHaveURL(new RegExp(`${settings}$`), { timeout: 30_000 });
  if (await owner.getByTestId("premium-plugin-notice").isVisible()) {
    await owner.getByTestId("premium-buy-card").click();
    await pay(owner);
    await expect(owner).toHaveURL(/\?premium=welcome/);
    await owner.goto(settings);
  }
  const toggle = owner.getByTestId("plugin-switch-memberships");
  if ((await toggle.getAttribute("aria-checked")) !== "true") await toggle.click();
  await expect(toggle).toHaveAttribute("aria-checked", "true");

  const plans = owner.getByTestId("membership-plans");
  const planName = `Study pass ${Date.now() % 100_000}`;
  await plans.getByLabel("Name").fill(planName);
  await plans.getByLabel(/^Price/).fill("4.50");
  await plans.getByLabel("Period").selectOption("month");
  await plans.getByLabel("Role granted").selectOption({ label: "Study Buddy" });
  await plans.getByLabel("Description").fill("Quiet rooms and our thanks.");
  await plans.getByTestId("membership-plan-save").click();
  await expect(plans.getByTestId("membership-plan-done")).toHaveText("Plan added.");
  await expect(plans.getByTestId("membership-plan").filter({ hasText: planName })).toBeVisible();
  // The owner's sections fit a phone in Arabic too.
  await owner.setViewportSize(PHONE);
  await owner.goto(`/ar/dashboard/${guild}/memberships`);
  await expect(owner.getByTestId("membership-plans").getByTestId("membership-plan").filter({ hasText: planName })).toBeVisible();
  await expect(owner.getByTestId("membership-members")).toBeVisible();
  expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(owner, testInfo, "membership-settings-ar-390");
  await owner.context().close();

  // Ada, a plain member, signs in and buys it on the public page.
  await signInFullPage(page, "en", publicPage);
  await expect(page).toHaveURL(new RegExp(`${publicPage}$`), { timeout: 30_000 });
  const card = page.getByTestId("membership-plan-card").filter({ hasText: planName });
  await expect(card).toContainText("$4.50 a month");
  await expect(card).toContainText("Study Buddy");
  if ((await card.getByTestId("membership-current").count()) === 0) {
    await card.getByRole("button", { name: `Join: ${planName}` }).click();
    await pay(page);
    await expect(page).toHaveURL(new RegExp(`${publicPage}\\?joined=`));
    await expect(page.getByTestId("membership-joined")).toContainText("Welcome aboard!");
  }
  await expect(card.getByTestId("membership-current")).toHaveText("Your plan");
  await screenshot(page, testInfo, "membership-page-en");

  // Arabic at phone width: right to left, nothing wider than the screen.
  await page.setViewportSize(PHONE);
  await page.goto(`/ar/memberships/${guild}`);
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.getByTestId("membership-plan-card").filter({ hasText: planName }).getByTestId("membership-current")).toHaveText("خطتك");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await screenshot(page, testInfo, "membership-page-ar-390");
});
