import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import { GUILD_IDS, PHONE } from "./fixtures";

// Buying the custom rank card where it is customised: the levels page's rank card section offers
// it at the shop's price, Buy opens the Stripe fake's checkout, the test card pays, and the
// browser comes back to the levels page with the #rank-card dialog open saying the payment was
// received and the card unlocked. On the landing page the dialog shows the card too, and a
// checkout left with Cancel comes back there saying nothing was paid. Buyers who own a server
// the bot is in and whose rank card no other journey looks at: Dani (Lofi), Bjorn (Synthwave).
const DESKTOP = { width: 1440, height: 900 };
const levels = `/en/dashboard/${GUILD_IDS.lofi}/levels`;

async function signInAs(page: Page, username: string, redirect: string) {
  await page.goto(`/en/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId("login-full-page").click();
  // The consent page names each demo user "Display name (username)".
  await page.getByRole("radio", { name: `(${username})` }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
}

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

/** On the Stripe fake's hosted page: the test card. */
async function payWithTestCard(page: Page) {
  await expect(page.getByTestId("checkout-amount")).toHaveText("$4.99");
  await page.getByLabel("Card number").fill("4242 4242 4242 4242");
  await page.getByLabel("Expiry (MM / YY)").fill("12 / 34");
  await page.getByLabel("CVC").fill("123");
  await page.getByTestId("checkout-pay").click();
}

test("from the levels page: Buy, pay with the test card, back on the levels page with the dialog open and the card unlocked", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, "dani", levels);
  await expect(page).toHaveURL(new RegExp(`${levels}$`), { timeout: 30_000 });
  const section = page.getByTestId("rank-card-section");
  const buy = section.getByRole("button", { name: "Buy for $4.99" });
  await expect(buy).toBeVisible();
  await expect(section.getByTestId("rank-card-offer")).toContainText("Buy the custom rank card once");
  await shoot(page, testInfo, "rank-card-offer", section.getByTestId("rank-card-offer"));

  // By keyboard: the button is reached and pressed like any other.
  await buy.focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await payWithTestCard(page);

  // Back where it was bought, the reference settled and dropped from the address.
  await expect(page).toHaveURL(new RegExp(`${levels}#rank-card$`));
  const dialog = page.getByRole("dialog", { name: "Your rank card" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByTestId("rank-card-purchase-result")).toHaveText("Payment received. Your custom rank card is unlocked.");
  await expect(dialog.getByTestId("rank-card-unlocked")).toContainText("Unlocked");
  const card = dialog.getByRole("img", { name: /Your rank card on this server/ });
  await expect.poll(() => card.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1000);
  await shoot(page, testInfo, "rank-card-paid-dialog", null);

  // Closed with Escape, the editor says Unlocked too, and Buy is gone.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(section.getByTestId("rank-card-unlocked")).toContainText("Unlocked");
  await expect(section.getByRole("button", { name: /^Buy/ })).toHaveCount(0);

  // A reload is not a second return: no result, still unlocked.
  await page.reload();
  await expect(page.getByTestId("rank-card-purchase-result")).toHaveCount(0);
  await expect(page.getByTestId("rank-card-section").getByTestId("rank-card-unlocked")).toBeVisible();
});

test("on the landing page: #rank-card shows the owner's card on a server they manage; a checkout left with Cancel comes back there saying nothing was paid", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await page.setViewportSize(DESKTOP);
  await signInAs(page, "bjorn", "/en#rank-card");
  await expect(page).toHaveURL(/\/en#rank-card$/, { timeout: 30_000 });
  const dialog = page.getByRole("dialog", { name: "Your rank card" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("combobox", { name: "Server" })).toHaveValue(GUILD_IDS.synthwave);
  const card = dialog.getByRole("img", { name: /Your rank card on this server/ });
  await expect.poll(() => card.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1000);
  await shoot(page, testInfo, "rank-card-landing-dialog", null);

  await dialog.getByRole("button", { name: "Buy for $4.99" }).click();
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await page.getByTestId("checkout-cancel").click();

  await expect(page).toHaveURL(/\/en#rank-card$/);
  await expect(dialog.getByTestId("rank-card-purchase-result")).toHaveText("The payment did not go through and nothing was charged. You can try again.");
  await expect(dialog.getByRole("button", { name: "Buy for $4.99" })).toBeVisible();
  await shoot(page, testInfo, "rank-card-cancelled-dialog", null);
});
