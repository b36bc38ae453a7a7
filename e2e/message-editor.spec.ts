import { expect, test, type Page } from "@playwright/test";
import { USER_IDS } from "../emulators/platform/data/ids";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

const welcome = `/en/dashboard/${GUILD_IDS.workshop}/welcome`;

const saved = (page: Page) =>
  page.waitForResponse((response) => response.url().includes("/api/plugins/welcome/config/") && response.request().method() === "PATCH" && response.ok());

test("the welcome message editor completes variables, channels and mentions, previews names, and saves", async ({ page }, testInfo) => {
  await signInFullPage(page, "en", welcome);
  const editor = page.getByRole("textbox", { name: "Welcome message", exact: true });
  const row = page.locator('[data-field="join_message"]');
  const preview = row.getByTestId("message-preview");
  const option = (name: string | RegExp) => row.getByRole("option", { name });
  await expect(editor).toBeVisible();
  // The editor is an island: it completes only once the page is hydrated.
  await page.waitForLoadState("networkidle");

  await editor.fill("");
  await expect(preview).toContainText("The message is empty.");

  // `{`: the variables, filtered as typed; the arrows move, Enter picks.
  // The suggestions list the editor controls (a textarea takes no combobox role, so no aria-expanded).
  const suggestions = page.locator(`[id="${await editor.getAttribute("aria-controls")}"]`);
  await editor.pressSequentially("Hi {serv");
  await expect(suggestions).toBeVisible();
  const serverName = option(/^\{server\.name\}/);
  // Each variable shows what it becomes on this server.
  await expect(serverName).toHaveText("{server.name}Ada's Workshop");
  await expect(serverName).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowDown");
  await expect(serverName).toHaveAttribute("aria-selected", "false");
  // The next one an owner would write ({server}, the alias, waits until typed past the dot).
  await expect(option(/^\{server\.icon_url\}/)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("ArrowUp");
  await expect(editor).toHaveAttribute("aria-activedescendant", (await serverName.getAttribute("id")) ?? "");
  await page.keyboard.press("Enter");
  await expect(editor).toHaveValue("Hi {server.name}");
  await expect(suggestions).toBeHidden();

  // `#`: text channels by slug.
  await editor.pressSequentially(", read #gen");
  await expect(option(/^#general/)).toHaveAttribute("aria-selected", "true");
  await page.keyboard.press("Enter");

  // `@`: members searched through the API (nickname shown), then a mentionable role.
  await editor.pressSequentially(" and ask @chen");
  await expect(option(/@Chen \(maintainer\)/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /^Suggestions: 1$/ })).toHaveCount(1);
  await screenshot(page, testInfo, "message-editor-desktop");
  await page.keyboard.press("Enter");
  await editor.pressSequentially(" or @Maint");
  await expect(option(/@Maintainers/)).toBeVisible();
  await page.keyboard.press("Tab");

  // The box reads names, as the platform's own client does; the stored text keeps the platform's mentions.
  const typed = "Hi {server.name}, read #general and ask @Chen (maintainer) or @Maintainers";
  await expect(editor).toHaveValue(typed);
  const stored = new RegExp(`^Hi \\{server\\.name\\}, read <#\\d{17,20}> and ask <@${USER_IDS.chen}> or <@&\\d{17,20}>$`);
  const shown = "Hi Ada's Workshop, read #general and ask @Chen (maintainer) or @Maintainers";
  await expect(preview).toContainText(shown);
  await expect(preview).toContainText("BOT");

  const saving = saved(page);
  await page.getByTestId("save-button").click();
  expect(((await saving).request().postDataJSON() as { join_message: string }).join_message).toMatch(stored);
  await expect(page.getByTestId("save-bar")).toBeHidden();

  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(editor).toHaveValue(typed);
  // The ids read as names again: the page resolves the members the stored messages mention.
  await expect(preview).toContainText(shown);

  await page.setViewportSize(PHONE);
  await editor.click();
  await page.keyboard.press("Control+End");
  await editor.pressSequentially(" @");
  await expect(option(/@Maintainers/)).toBeVisible();
  await screenshot(page, testInfo, "message-editor-phone");
  await page.keyboard.press("Escape");
  await expect(suggestions).toBeHidden();
});
