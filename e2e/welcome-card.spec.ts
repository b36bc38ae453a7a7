import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

const welcome = `/en/dashboard/${GUILD_IDS.workshop}/welcome`;
const backgroundApi = `/api/plugins/welcome/welcome-card/${GUILD_IDS.workshop}/background`;

const backgroundSaved = (page: Page, method: "PUT" | "POST") =>
  page.waitForResponse((response) => response.url().endsWith(backgroundApi) && response.request().method() === method && response.ok());

/** The preview shows a loaded image whose URL matches. */
async function expectPreview(preview: Locator, pattern: RegExp) {
  await expect(preview).toHaveAttribute("src", pattern);
  // The preview loads lazily (it sits below the settings): in view, as a person scrolling to it.
  await preview.scrollIntoViewIfNeeded();
  await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1024);
}

test("pick a preset, upload a welcome background and see the card, then find it saved", async ({ page }, testInfo) => {
  const folder = mkdtempSync(path.join(tmpdir(), "guildhall-e2e-welcome-"));
  const picture = path.join(folder, "stripes.png");
  // A striped picture, so the card visibly changes when it becomes the background.
  const stripes = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="1024" height="450"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#f59e0b"/><stop offset="1" stop-color="#0ea5e9"/></linearGradient></defs><rect width="1024" height="450" fill="url(#g)"/>${Array.from({ length: 12 }, (_, index) => `<rect x="${index * 90}" width="40" height="450" fill="#ffffff" fill-opacity="0.18"/>`).join("")}</svg>`,
  );
  writeFileSync(picture, await sharp(stripes).png().toBuffer());
  const notImage = path.join(folder, "notes.txt");
  writeFileSync(notImage, "not a picture");

  await signInFullPage(page, "en", welcome);
  const section = page.getByTestId("welcome-card-section");
  await expect(section.getByRole("heading", { name: "Welcome card" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  const preview = section.getByTestId("welcome-card-preview");
  await expectPreview(preview, /background=preset%3Aaurora/);
  // The background is picked here, not typed in the settings form.
  await expect(page.locator('[data-field="card_background"]')).toHaveCount(0);

  // A preset: saved at once, and the preview follows.
  const sunset = section.getByRole("radio", { name: "Sunset" });
  const savingSunset = backgroundSaved(page, "PUT");
  // The radio itself is drawn as its thumbnail: people click the thumbnail's label.
  await section.getByTestId("welcome-card-preset-sunset").click();
  await savingSunset;
  await expect(sunset).toBeChecked();
  await expect(section.getByTestId("welcome-card-status")).toHaveText("Background saved.");
  await expectPreview(preview, /background=preset%3Asunset/);

  // The radio group works from the keyboard: the arrows move, only where they stop is saved.
  await sunset.focus();
  const savingOcean = backgroundSaved(page, "PUT");
  await page.keyboard.press("ArrowRight");
  await savingOcean;
  await expect(section.getByRole("radio", { name: "Ocean" })).toBeChecked();
  await expectPreview(preview, /background=preset%3Aocean/);

  // The title typed in the settings form shows on the card before it is saved.
  const title = page.getByLabel("Card title", { exact: true });
  await title.fill("Hello {user.name}");
  await expectPreview(preview, /title=Hello\+%7Buser\.name%7D/);
  // Reset in the form's save bar: the preview goes back to the saved title.
  await page.getByTestId("save-bar").getByRole("button", { name: "Reset" }).click();
  await expectPreview(preview, /title=Welcome%21&/);

  // A file that is not an image is refused with a clear message, before any upload.
  const file = section.getByTestId("welcome-card-file");
  await file.setInputFiles(notImage);
  await expect(section.getByTestId("welcome-card-error")).toHaveText("This file is not a PNG, JPEG, GIF or WebP image.");

  // An image: uploaded and made the background in one step.
  const uploading = backgroundSaved(page, "POST");
  await file.setInputFiles(picture);
  await uploading;
  const uploaded = section.getByRole("radio", { name: "Uploaded image 1" });
  await expect(uploaded).toBeChecked();
  await expect(section.getByTestId("welcome-card-error")).toHaveCount(0);
  await expectPreview(preview, /background=upload%3A[0-9a-f]{64}\.png/);
  await screenshot(page, testInfo, "welcome-card-desktop");

  // Saved: after a reload the upload is still the background.
  await page.reload();
  await page.waitForLoadState("networkidle");
  await expect(section.getByRole("radio", { name: "Uploaded image 1" })).toBeChecked();
  await expectPreview(preview, /background=upload%3A[0-9a-f]{64}\.png/);
  // The settings form still saves after the background changed under it (its version follows).
  await page.getByLabel("Card subtitle", { exact: true }).fill("You are member #{server.member_count}");
  const savingForm = page.waitForResponse((response) => response.url().includes(`/api/plugins/welcome/config/`) && response.request().method() === "PATCH");
  await section.getByTestId("welcome-card-preset-forest").click();
  await expect(section.getByTestId("welcome-card-status")).toHaveText("Background saved.");
  await page.getByTestId("save-button").click();
  expect((await savingForm).status()).toBe(200);
  await expect(page.getByTestId("save-bar")).toBeHidden();

  await page.setViewportSize(PHONE);
  await section.scrollIntoViewIfNeeded();
  await screenshot(page, testInfo, "welcome-card-phone");
});

test("the welcome card section reads right to left in Arabic", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await signInFullPage(page, "ar", `/ar/dashboard/${GUILD_IDS.workshop}/welcome`);
  const section = page.getByTestId("welcome-card-section");
  await expect(section.getByRole("heading", { name: "بطاقة الترحيب" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  await expect(section.getByRole("radio", { name: "الغروب" })).toBeVisible();
  await section.getByTestId("welcome-card-preview").scrollIntoViewIfNeeded();
  await expect.poll(() => section.getByTestId("welcome-card-preview").evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBe(1024);
  await screenshot(page, testInfo, "welcome-card-phone-ar");
});
