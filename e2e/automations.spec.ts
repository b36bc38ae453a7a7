import { expect, test } from "@playwright/test";
import { GUILD_IDS, PHONE, signInFullPage } from "./fixtures";

// Automations on a phone in Arabic: the demo's "Welcome newcomers" opened in the editor, tried
// with a sample member, and each action's result listed in order, right to left, nothing
// scrolling sideways; moving an action changes the order the next try lists.

const page_ = `/ar/dashboard/${GUILD_IDS.workshop}/automations`;

test.use({ viewport: PHONE });

test("tries an automation in Arabic at 390 px and lists what each action would do", async ({ page }) => {
  await signInFullPage(page, "ar", page_);
  await expect(page).toHaveURL(new RegExp(`${page_}$`), { timeout: 30_000 });
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  // The editor is an island: it reacts only once the page is hydrated.
  await page.waitForLoadState("networkidle");

  const item = page.getByTestId("automation-item").filter({ hasText: "Welcome newcomers" });
  await item.getByRole("button", { name: "تعديل" }).click();
  const editor = item.getByTestId("automation-editor");
  await expect(editor.getByRole("heading", { name: "تعديل «Welcome newcomers»" })).toBeVisible();
  await expect(editor.getByTestId("automation-action")).toHaveCount(2);

  const tryIt = editor.getByTestId("automation-try");
  await tryIt.getByLabel("اسم العضو").fill("ليلى");
  await tryIt.getByLabel("عمر الحساب بالأيام").fill("5");
  await tryIt.getByTestId("automation-try-run").click();
  const results = tryIt.getByTestId("automation-try-results").getByRole("listitem");
  await expect(results).toHaveCount(2);
  await expect(results.nth(0)).toHaveAttribute("data-status", "run");
  await expect(results.nth(0)).toContainText("إرسال رسالة");
  await expect(results.nth(0)).toContainText("الإرسال في #general");
  await expect(results.nth(1)).toContainText("إرسال رسالة خاصة للعضو: «Glad you're here, ليلى. Read the rules, then come say hi!»");

  // A new account fails the condition: every action is skipped, and says why.
  await tryIt.getByLabel("عمر الحساب بالأيام").fill("0");
  await tryIt.getByTestId("automation-try-run").click();
  await expect(results.nth(0)).toHaveAttribute("data-status", "skipped");
  await expect(results.nth(0)).toContainText("تُخطّي: الشرط 1 (حساب العضو قديم بما يكفي) غير متحقق.");

  // Reordered with the keyboard: the DM now comes first in the next try.
  await tryIt.getByLabel("عمر الحساب بالأيام").fill("5");
  await editor.getByRole("button", { name: "نقل الإجراء 2 إلى الأعلى" }).focus();
  await page.keyboard.press("Enter");
  await expect(editor.getByRole("button", { name: "نقل الإجراء 1 إلى الأسفل" })).toBeFocused();
  await tryIt.getByTestId("automation-try-run").click();
  await expect(results.nth(0)).toContainText("إرسال رسالة خاصة للعضو");

  const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(sideways).toBeLessThanOrEqual(0);
});
