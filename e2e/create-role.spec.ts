import { expect, test } from "@playwright/test";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// "+ Create role" in a role picker (POST /api/guilds/{id}/roles): a manager types a name no role
// has, creates it from the list by keyboard, sees it chosen, saves, and finds it after a reload
// (the server lists it, not only the page that made it). On a phone, in Ada's own Workshop: in Night
// Owls she manages the server but may not make roles, and the picker says so instead.
test("creates a role from the birthday role picker and keeps it", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  const name = `Cake day ${Date.now().toString(36)}`;
  await signInFullPage(page, "en", `/en/dashboard/${GUILD_IDS.workshop}/birthdays`);
  const picker = page.getByRole("combobox", { name: "Birthday role" });
  await picker.click();
  await picker.fill(name);
  const create = page.getByRole("option", { name: `+ Create role “${name}”` });
  await expect(create).toBeVisible();
  await picker.press("Enter");
  await expect(page.getByText(`Role “${name}” created and chosen. Save to keep it.`)).toBeVisible({ timeout: 15_000 });
  await expect(picker).toHaveValue(name);
  await screenshot(page, testInfo, "create-role-phone");

  // On a phone the save bar steps aside while a text box has the focus (the keyboard's room), and
  // the next field is a text box too: the page is left as a thumb leaves it, by tapping outside.
  await picker.evaluate((input) => (input as HTMLElement).blur());
  await page.getByTestId("save-button").click();
  await expect(page.getByRole("status").filter({ hasText: "Settings saved" })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("save-bar")).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole("combobox", { name: "Birthday role" })).toHaveValue(name);
});
