import { expect, test, type Page } from "@playwright/test";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

const page_ = `/en/dashboard/${GUILD_IDS.workshop}/guild_embeds`;

const created = (page: Page) =>
  page.waitForResponse((response) => response.url().includes("/api/plugins/guild_embeds/guilds/") && response.request().method() === "POST" && response.status() === 201);

test("build an embed, see the preview follow, save it and find it again", async ({ page }, testInfo) => {
  // Other tests may have saved embeds: this one is told apart by its own name.
  const name = `Welcome board ${Date.now()}`;
  await signInFullPage(page, "en", page_);
  const section = page.getByTestId("collection-embeds");
  await expect(section).toBeVisible();
  // The dialog and the builder are islands: they work once the page is hydrated.
  await page.waitForLoadState("networkidle");

  await section.getByRole("button", { name: "+ Add embed" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toBeVisible();
  const card = dialog.getByTestId("embed-0");
  const preview = dialog.getByTestId("embed-preview");
  // The builder starts with one (empty) embed.
  await expect(card.getByRole("heading", { name: "Embed 1" })).toBeVisible();
  await expect(preview).toContainText("This embed is empty");

  await dialog.getByLabel("Name", { exact: true }).first().fill(name);
  await card.getByLabel("Title", { exact: true }).fill("Welcome to {server.name}");
  await expect(card.getByTestId(/-title-counter$/)).toContainText("24 / 256");
  await expect(preview).toContainText("Welcome to Ada's Workshop");

  // The description completes variables like every message editor.
  const description = card.getByRole("textbox", { name: "Description" });
  await description.pressSequentially("Hello {user.na");
  await expect(page.locator(`[id="${await description.getAttribute("aria-controls")}"]`)).toBeVisible();
  await page.keyboard.press("Enter");
  await expect(description).toHaveValue("Hello {user.name}");
  await description.pressSequentially(", read the rules below.");
  await expect(preview).toContainText("Hello ada.lovelace, read the rules below.");

  await card.getByLabel("Colour", { exact: true }).fill("#ff5500");
  await expect(preview.getByTestId("embed-preview-card")).toHaveCSS("border-left-color", "rgb(255, 85, 0)");

  await card.getByRole("button", { name: "+ Add field" }).click();
  const field = card.getByRole("group", { name: "Field 1" });
  await expect(field.getByLabel("Name")).toBeFocused();
  await field.getByLabel("Name").fill("Be kind");
  await field.getByLabel("Value").fill("No insults in {channel}.");
  await field.getByRole("switch", { name: "Show side by side" }).click();
  await expect(preview).toContainText("Be kind");
  await expect(preview).toContainText(/No insults in #\S+\./);

  // Over a limit: the counter turns and the sentence says by how much; back under, it goes.
  const title = card.getByLabel("Title", { exact: true });
  await title.fill("x".repeat(257));
  await expect(card).toContainText("The title can be 256 characters at most; it has 257.");
  await expect(title).toHaveAttribute("aria-invalid", "true");
  await title.fill("Welcome to {server.name}");
  await expect(card).not.toContainText("at most");

  await card.getByLabel("Timestamp", { exact: true }).selectOption("now");
  await expect(preview).toContainText(/Today at/);
  await screenshot(page, testInfo, "embed-builder-desktop");
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "embed-builder-desktop-preview");

  const saving = created(page);
  await dialog.getByRole("button", { name: "Save" }).click();
  const saved = (await (await saving).json()) as { id: string; embeds: unknown[] };
  expect(saved.embeds).toEqual([
    {
      color: 0xff5500,
      title: "Welcome to {server.name}",
      description: "Hello {user.name}, read the rules below.",
      fields: [{ name: "Be kind", value: "No insults in {channel}.", inline: true }],
      timestamp: "now",
    },
  ]);
  await expect(dialog).toBeHidden();

  await page.reload();
  await page.waitForLoadState("networkidle");
  const row = page.locator(`[data-item-id="${saved.id}"]`);
  await expect(row).toContainText(name);
  await row.getByRole("button", { name: `Edit: ${name}` }).click();
  await expect(dialog).toBeVisible();
  await expect(card.getByLabel("Title", { exact: true })).toHaveValue("Welcome to {server.name}");
  await expect(card.getByLabel("Colour", { exact: true })).toHaveValue("#ff5500");
  await expect(preview).toContainText("Welcome to Ada's Workshop");
  await expect(preview).toContainText("Hello ada.lovelace, read the rules below.");

  await page.setViewportSize(PHONE);
  await dialog.getByRole("button", { name: "+ Add embed" }).click();
  await expect(dialog.getByTestId("embed-1").getByLabel("Title", { exact: true })).toBeFocused();
  await dialog.getByTestId("embed-1").getByLabel("Title", { exact: true }).fill("Second embed");
  await expect(preview.getByTestId("embed-preview-card")).toHaveCount(2);
  await screenshot(page, testInfo, "embed-builder-phone");
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "embed-builder-phone-preview");
  // A changed item is only thrown away once the owner says so.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.getByRole("alert").getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toBeHidden();
});

test("the embed builder reads right to left in Arabic on a phone", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await signInFullPage(page, "ar", `/ar/dashboard/${GUILD_IDS.workshop}/guild_embeds`);
  const section = page.getByTestId("collection-embeds");
  await expect(section).toBeVisible();
  await page.waitForLoadState("networkidle");
  await section.getByTestId("collection-add").click();
  const dialog = page.getByRole("dialog");
  const card = dialog.getByTestId("embed-0");
  await card.getByLabel("العنوان", { exact: true }).fill("مرحبًا بكم في {server.name}");
  await card.getByRole("button", { name: /^\+ / }).click();
  await card.getByRole("group", { name: "الحقل 1" }).getByLabel("الاسم").fill("القواعد");
  await card.getByRole("group", { name: "الحقل 1" }).getByLabel("القيمة").fill("كن لطيفًا");
  const preview = dialog.getByTestId("embed-preview");
  await expect(preview).toContainText("مرحبًا بكم في Ada's Workshop");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await screenshot(page, testInfo, "embed-builder-phone-ar");
  await preview.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "embed-builder-phone-ar-preview");
});
