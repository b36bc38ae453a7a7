import { expect, test } from "@playwright/test";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// Buying Premium with the Stripe fake's test card (npm start runs the fake: emulators/stripe),
// from a premium-only plugin's upsell, then cancelling it. Night Owls: no other journey relies
// on it being free after this one.
const guild = GUILD_IDS.nightOwls;
const overview = `/en/dashboard/${guild}`;
const statistics = `${overview}/statistics`;

test("buys Premium from a premium plugin's upsell with the test card, the plugin unlocks, and cancelling turns the renewal into an end date", async ({ page }) => {
  test.setTimeout(120_000);
  await signInFullPage(page, "en", statistics);
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

  await page.goto(statistics);
  await expect(page.getByTestId("premium-plugin-notice")).toHaveCount(0);
  await expect(page.getByTestId("plugin-switch-statistics")).toBeEnabled();

  await page.goto(overview);
  page.once("dialog", (dialog) => void dialog.accept());
  await page.getByTestId("subscription-cancel").click();
  await expect(page.getByTestId("subscription-ends")).toContainText(renewal);
  await expect(page.getByTestId("subscription-renews")).toHaveCount(0);
});
