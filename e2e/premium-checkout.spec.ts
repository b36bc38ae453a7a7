import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { GUILD_IDS, PHONE, signInFullPage } from "./fixtures";

// Buying Premium with the Stripe fake's test card (npm start runs the fake: emulators/stripe),
// from a premium-only plugin's upsell, then managing it from the overview: cancelling is asked
// in the page's dialog, which offers the free month once, then ends the plan with its period.
// Night Owls: no other journey relies on it being free after this one.
const guild = GUILD_IDS.nightOwls;
const overview = `/en/dashboard/${guild}`;
const statistics = `${overview}/statistics`;
const DESKTOP = { width: 1440, height: 900 };

/** `what` at 1440 and 390 px wide, attached to the report (test-results/). */
async function shoot(page: Page, testInfo: TestInfo, name: string, what: Locator | null) {
  for (const [size, viewport] of [["1440", DESKTOP], ["390", PHONE]] as const) {
    await page.setViewportSize(viewport);
    const path = testInfo.outputPath(`${name}-${size}.png`);
    await (what ? what.screenshot({ path }) : page.screenshot({ path }));
    await testInfo.attach(`${name}-${size}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize(DESKTOP);
}

/** "Renews on December 28, 2026" → "December 28, 2026". */
const dateIn = async (line: Locator) => ((await line.textContent()) ?? "").replace(/^(Renews|Ends) on /, "");

test("buys Premium from a premium plugin's upsell with the test card, the plugin unlocks; cancelling offers a free month once, then turns the renewal into an end date", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInFullPage(page, "en", statistics);
  // The first sign-in of a fresh server (this file runs first) can take a while.
  await expect(page).toHaveURL(new RegExp(`${statistics}$`), { timeout: 30_000 });
  await expect(page.getByTestId("premium-plugin-notice")).toBeVisible();
  await page.getByTestId("premium-buy-card").click();

  // The fake's hosted payment page: a card that is not the test card is declined, the test card pays.
  const pay = async (card: string) => {
    await page.getByLabel("Card number").fill(card);
    await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
    await page.getByLabel("CVC").fill("123");
    await page.getByLabel("Name on card").fill("Ada Lovelace");
    await page.getByTestId("checkout-pay").click();
  };
  await pay("4000 0000 0000 0002");
  await expect(page.getByTestId("checkout-error")).toContainText("declined");
  await pay("4242 4242 4242 4242");

  await expect(page).toHaveURL(new RegExp(`${overview}\\?premium=welcome`));
  await expect(page.getByTestId("premium-welcome")).toBeVisible();
  const renews = page.getByTestId("subscription-renews");
  await expect(renews).toBeVisible();
  const renewal = ((await renews.textContent()) ?? "").replace(/^\D+/, "");
  const renewsOn = await dateIn(renews);

  await page.goto(statistics);
  await expect(page.getByTestId("premium-plugin-notice")).toHaveCount(0);
  await expect(page.getByTestId("plugin-switch-statistics")).toBeEnabled();

  await page.goto(overview);
  // The browser's own confirm() is never used.
  page.on("dialog", (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });
  const section = page.getByTestId("subscription-section");
  const cancel = section.getByTestId("subscription-cancel");
  await expect(cancel).toBeVisible();
  await shoot(page, testInfo, "subscription-section", section);

  // The dialog: labelled, the safe choice focused, the free month offered; Escape closes it and gives the focus back.
  await cancel.click();
  const asked = page.getByRole("dialog", { name: "Cancel the subscription?" });
  await expect(asked).toBeVisible();
  await expect(asked).toContainText("Premium stays on until the end of the paid period");
  await expect(asked.getByRole("button", { name: "Go back" })).toBeFocused();
  await expect(asked.getByTestId("subscription-free-month")).toBeVisible();
  await shoot(page, testInfo, "subscription-cancel-dialog", null);
  await page.keyboard.press("Tab");
  await expect(asked.getByRole("button", { name: "Cancel at period end" })).toBeFocused();
  // Past its last button, Tab stays in the dialog (the page behind is inert).
  for (let press = 0; press < 3; press++) {
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.closest("dialog")?.open === true)).toBe(true);
  }
  await page.keyboard.press("Escape");
  await expect(asked).toBeHidden();
  await expect(cancel).toBeFocused();
  await expect(section.getByTestId("subscription-renews")).toContainText(renewal);

  // Taking the free month instead: a month later, once.
  await cancel.click();
  await asked.getByRole("button", { name: "Add a free month instead" }).click();
  await expect(asked).toBeHidden();
  await expect(section.getByTestId("subscription-feedback")).toHaveText("A free month was added.");
  await expect(section.getByTestId("subscription-renews")).not.toContainText(renewal);
  const extended = await dateIn(section.getByTestId("subscription-renews"));
  const days = (Date.parse(extended) - Date.parse(renewsOn)) / 86_400_000;
  expect(days).toBeGreaterThanOrEqual(28);
  expect(days).toBeLessThanOrEqual(31);

  // Asked again, the dialog has no offer left: confirming ends the plan with its (extended) period.
  await cancel.click();
  await expect(asked).toBeVisible();
  await expect(asked.getByTestId("subscription-free-month")).toHaveCount(0);
  await asked.getByRole("button", { name: "Cancel at period end" }).click();
  await expect(asked).toBeHidden();
  await expect(section.getByTestId("subscription-ends")).toContainText(extended);
  await expect(section.getByTestId("subscription-renews")).toHaveCount(0);
  await expect(section.getByTestId("subscription-reactivate")).toBeVisible();
});
