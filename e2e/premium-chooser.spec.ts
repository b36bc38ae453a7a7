import { expect, test, type Page } from "@playwright/test";
import { GUILD_IDS, PHONE, screenshot } from "./fixtures";

// Buying Premium from the premium page's chooser, each way the demo offers besides the card
// (premium-checkout.spec.ts): Chargebee's hosted page, the crypto DEMO wallet on the local
// chain (a checkout bound to the wallet), and PayPal's approval page, left with Cancel (nothing
// changes). A server that has Premium then is shown as having it, not sold it twice. Each buyer
// owns a server the bot is in that no other journey needs free: Bjorn's Synthwave, Dani's Lofi.

/** Signs in as a demo user other than Ada, landing on `redirect`. */
async function signInAs(page: Page, username: string, redirect: string) {
  await page.goto(`/en/login?redirect=${encodeURIComponent(redirect)}`);
  await page.getByTestId("login-full-page").click();
  // The consent page names each demo user "Display name (username)".
  await page.getByRole("radio", { name: `(${username})` }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(new RegExp(redirect.replace(/[?]/g, "\\?")));
}

async function subscriptionOf(page: Page, guildId: string) {
  const response = await page.request.get(`/api/guilds/${guildId}/subscription`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as { subscription: Record<string, unknown> | null }).subscription;
}

const chooser = (page: Page) => page.getByRole("form", { name: "Buy for a server" });

test("Chargebee: the server named in the upsell link comes chosen, the hosted page takes the test card, and the server has Premium", async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  await signInAs(page, "bjorn", `/en/premium?guild=${GUILD_IDS.synthwave}`);
  await expect(chooser(page).getByLabel("Server")).toHaveValue(GUILD_IDS.synthwave);
  await chooser(page).getByRole("radio", { name: "Yearly" }).check();
  await page.setViewportSize(PHONE);
  await screenshot(page, testInfo, "premium-chooser-390");
  await page.setViewportSize({ width: 1366, height: 900 });
  expect(await subscriptionOf(page, GUILD_IDS.synthwave)).toBeNull();

  await chooser(page).getByRole("button", { name: "Continue to payment" }).click();
  // The Chargebee fake's hosted page, the test card filled in as its docs suggest.
  await expect(page.getByLabel("Card number")).toHaveValue("4111 1111 1111 1111");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/dashboard/${GUILD_IDS.synthwave}$`));
  expect(await subscriptionOf(page, GUILD_IDS.synthwave)).toMatchObject({ provider: "chargebee", plan: "premium", period_months: 12, status: "active" });

  // Back on the chooser, the server has Premium: said so, with the way to its overview, and not sold again.
  await page.goto(`/en/premium?guild=${GUILD_IDS.synthwave}`);
  await expect(chooser(page).getByLabel("Server")).toHaveValue(GUILD_IDS.synthwave);
  const owned = chooser(page).getByTestId("checkout-already-subscribed");
  await expect(owned).toContainText("Synthwave Collective already has Premium");
  await expect(owned.getByRole("link", { name: "Open the server's overview" })).toHaveAttribute("href", `/en/dashboard/${GUILD_IDS.synthwave}`);
  await expect(chooser(page).getByRole("button", { name: "Continue to payment" })).toBeDisabled();
  await expect(chooser(page).getByTestId("checkout-card")).toHaveCount(0);
  const refused = await page.request.get(`/api/stripe/plans/premium/checkout?guild_id=${GUILD_IDS.synthwave}&period=1`);
  expect({ status: refused.status(), code: ((await refused.json()) as { code: string }).code }).toEqual({ status: 409, code: "already_subscribed" });
});

test("crypto: the DEMO wallet pays the quote on the local chain and the payment is credited once confirmed", async ({ page }) => {
  test.setTimeout(120_000);
  await signInAs(page, "dani", `/en/premium?guild=${GUILD_IDS.lofi}`);
  await expect(chooser(page).getByLabel("Server")).toHaveValue(GUILD_IDS.lofi);
  const crypto = page.getByTestId("crypto-checkout");
  await crypto.getByRole("button", { name: "Pay with crypto" }).click();
  await expect(crypto.getByTestId("crypto-amount")).toContainText("tUSD");
  await crypto.getByTestId("crypto-demo-wallet").click();
  // The checkout is the DEMO wallet's, with an amount of its own.
  await expect(crypto.getByTestId("crypto-payer")).toHaveText("0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC");
  await expect(crypto.getByText(/Payment received\. The plan is on until/)).toBeVisible({ timeout: 60_000 });
  expect(await subscriptionOf(page, GUILD_IDS.lofi)).toMatchObject({ provider: "crypto", plan: "premium", status: "non_renewing" });
});

test("PayPal: the approval page names the plan; Cancel comes back saying nothing changed", async ({ page }) => {
  await signInAs(page, "bjorn", `/en/premium?guild=${GUILD_IDS.synthwave}`);
  await expect(chooser(page).getByLabel("Server")).toHaveValue(GUILD_IDS.synthwave);
  // Synthwave has Premium by now (above): Pro is what is still for sale.
  const pro = chooser(page).getByRole("radio", { name: /^Pro/ });
  await pro.click();
  await expect(pro).toBeChecked();
  const before = await subscriptionOf(page, GUILD_IDS.synthwave);
  await chooser(page).getByTestId("checkout-paypal").click();
  await expect(page.getByTestId("paypal-agree")).toBeVisible();
  await page.getByTestId("paypal-cancel").click();
  await expect(page).toHaveURL(/\/en\/premium\/return/);
  await expect(page.getByRole("main")).toContainText(/nothing changed/i);
  expect(await subscriptionOf(page, GUILD_IDS.synthwave)).toEqual(before);
});
