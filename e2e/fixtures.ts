import type { Page, TestInfo } from "@playwright/test";
import { GUILD_IDS } from "../emulators/platform/data/ids";
import { APP_URL } from "../playwright.config";

export { GUILD_IDS };

/** On the emulator's consent page: pick the demo user and authorize. */
export async function consentAsAda(page: Page) {
  await page.getByRole("radio", { name: /ada\.lovelace/ }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
}

/** Full-page sign-in from the login page; ends wherever the login redirect points. */
export async function signInFullPage(page: Page, locale = "en", redirect?: string) {
  const query = redirect ? `?redirect=${encodeURIComponent(redirect)}` : "";
  await page.goto(`/${locale}/login${query}`);
  await page.getByTestId("login-full-page").click();
  await consentAsAda(page);
  // The return page finishes the login and moves on: on a busy machine that takes more than the
  // 5 s a test's own expectations wait, and is not what those expectations are about.
  const app = new URL(APP_URL).host;
  await page.waitForURL((url) => url.host === app && url.pathname !== "/auth/callback", { timeout: 30_000 });
}

/** A full-page screenshot attached to the report and kept in test-results for review. */
export async function screenshot(page: Page, testInfo: TestInfo, name: string) {
  await page.waitForLoadState("networkidle");
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

export const PHONE = { width: 390, height: 844 };
