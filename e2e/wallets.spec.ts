import { expect, test } from "@playwright/test";
import { PHONE, screenshot, signInFullPage } from "./fixtures";

// An owner links a wallet on the account page with the DEMO wallet (npm start's local chain): the
// page asks the server for a Sign-In with Ethereum nonce, the DEMO wallet signs the message, the
// server checks it and the wallet is listed; then it is unlinked. The page at 390 px in Arabic.

const DEMO_WALLET = "0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC";

test("an owner links the DEMO wallet by signing in with Ethereum, sees it listed, and unlinks it", async ({ page }, testInfo) => {
  test.setTimeout(90_000);
  await signInFullPage(page, "en", "/en/dashboard");
  // The account page is in the user menu's other actions.
  await page.getByRole("group", { name: /Account menu/ }).locator("summary").click();
  await page.getByTestId("account-link").click();
  await expect(page).toHaveURL(/\/en\/dashboard\/account$/);
  await expect(page.getByRole("heading", { name: "Wallets" })).toBeVisible();
  await expect(page.getByText("No wallet linked yet.")).toBeVisible();

  await page.getByTestId("link-demo-wallet").click();
  await expect(page.getByTestId("wallet-link-done")).toHaveText(`Wallet ${DEMO_WALLET} linked.`, { timeout: 30_000 });
  await expect(page.getByTestId("linked-wallet")).toHaveCount(1);
  await expect(page.getByTestId("linked-wallet")).toContainText(DEMO_WALLET);
  const listed = await page.request.get("/api/crypto/users/@me/wallets");
  expect(((await listed.json()) as { wallets: Array<{ address: string }> }).wallets.map((wallet) => wallet.address)).toEqual([DEMO_WALLET]);

  await page.setViewportSize(PHONE);
  await page.goto("/ar/dashboard/account");
  await expect(page.getByTestId("linked-wallet")).toContainText(DEMO_WALLET);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, testInfo, "wallets-ar-390");

  await page.goto("/en/dashboard/account");
  await page.getByRole("button", { name: `Unlink ${DEMO_WALLET}` }).click();
  await page.getByTestId("unlink-wallet").getByRole("button", { name: "Unlink" }).click();
  await expect(page.getByTestId("wallet-unlink-done")).toHaveText(`${DEMO_WALLET} unlinked.`);
  await expect(page.getByText("No wallet linked yet.")).toBeVisible();
});
