import { expect, test, type Page } from "@playwright/test";
import { APP_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// The staff tools and the Credits page: the staff page does not exist for a server owner; the
// emulator's staff user looks the demo server up and grants it credits with a reason; its
// owner reads the grant in the audit log, as Guildhall staff's, and in the Credits ledger.

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;

/** Signs the emulator's staff user in (Sam), as signInFullPage does for Ada. */
async function signInAsStaff(page: Page) {
  await page.goto("/en/login");
  await page.getByTestId("login-full-page").click();
  await page.getByRole("radio", { name: /staff\.sam/ }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
  const app = new URL(APP_URL).host;
  await page.waitForURL((url) => url.host === app && url.pathname !== "/auth/callback", { timeout: 30_000 });
}

test("staff grant credits to a server; its owner sees the staff action and the credits; the staff page is not found for others", async ({ page, browser }) => {
  await signInFullPage(page, "en", workshop);
  const hidden = await page.goto("/en/staff");
  expect(hidden?.status()).toBe(404);

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await signInAsStaff(staff);
  await staff.goto(`/en/staff?guild=${GUILD_IDS.workshop}`);
  await expect(staff.getByTestId("staff-guild")).toBeVisible();
  await staff.waitForLoadState("networkidle");
  const grant = staff.getByTestId("staff-grant");
  await grant.getByLabel("Credits").fill("25");
  await grant.getByLabel("Reason").fill("Sorry for the outage on Monday");
  await grant.getByRole("button", { name: "Grant credits" }).click();
  await expect(staff.getByTestId("staff-grant-done")).toContainText("Granted.");
  await staffContext.close();

  await page.goto(`${workshop}/audit-log`);
  await expect(page.getByText(/\(Guildhall staff\) gave this server 25 credits/).first()).toBeVisible();
  await expect(page.getByText("Sorry for the outage on Monday").first()).toBeVisible();

  await page.goto(`${workshop}/credits`);
  const ledger = page.getByTestId("credits-ledger");
  await expect(ledger.getByRole("listitem").first()).toContainText("Granted by staff");
  await expect(ledger.getByRole("listitem").first()).toContainText("Sorry for the outage on Monday");
});
