import { expect, test } from "@playwright/test";
import { PHONE, screenshot } from "./fixtures";

const WIDE = { width: 1440, height: 900 };

test("a newcomer visiting / lands on /en and sees the landing page", async ({ page }, testInfo) => {
  await page.setViewportSize(WIDE);
  await page.goto("/");
  await expect(page).toHaveURL(/\/en$/);
  await expect(page.locator("html")).toHaveAttribute("lang", "en-US");
  await expect(page.getByRole("heading", { level: 1 })).toContainText("Discord server");
  await expect(page).toHaveTitle(/Guildhall/);
  const hreflangs = await page.locator('link[rel="alternate"][hreflang]').evaluateAll((links) => links.map((link) => link.getAttribute("hreflang")));
  expect(hreflangs).toEqual(expect.arrayContaining(["en-US", "fr-FR", "es-ES", "de-DE", "tr-TR", "ar-SA", "pt-BR", "zh-TW", "ru-RU"]));
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /.{40,}/);
  // Each card lists its features (lib/brand/claims.ts), the Premium box what the plans add.
  await expect(page.getByRole("listitem").getByText("Filters for invites, links, spam, capitals and banned words", { exact: true })).toBeVisible();
  await expect(page.getByRole("region", { name: "Need more? Go Premium or Pro" }).getByRole("listitem")).toHaveCount(4);
  await screenshot(page, testInfo, "landing-desktop");
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  // On a phone the header shows only the logo; the link keeps its name for screen readers.
  await expect(page.getByRole("banner").getByRole("link", { name: "Guildhall", exact: true })).toBeVisible();
  await screenshot(page, testInfo, "landing-phone");
});

test("/fr is French and the switcher stores the choice", async ({ page }) => {
  await page.goto("/fr");
  await expect(page.locator("html")).toHaveAttribute("lang", "fr-FR");
  await expect(page.getByRole("link", { name: "Ouvrir le tableau de bord" })).toBeVisible();
  await page.getByRole("combobox", { name: "Langue" }).selectOption("de");
  await expect(page).toHaveURL(/\/de$/);
  await page.goto("/");
  await expect(page).toHaveURL(/\/de$/);
});

test("/ar renders right-to-left, wide and on a phone", async ({ page }, testInfo) => {
  await page.setViewportSize(WIDE);
  await page.goto("/ar");
  await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
  await expect(page.locator("html")).toHaveAttribute("lang", "ar-SA");
  const direction = await page.evaluate(() => getComputedStyle(document.body).direction);
  expect(direction).toBe("rtl");
  await screenshot(page, testInfo, "landing-ar");
  await page.setViewportSize(PHONE);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(page, testInfo, "landing-ar-phone");
});

test("legal pages exist for every language and sitemap and robots are served", async ({ page, request }) => {
  await page.goto("/en");
  await page.getByRole("link", { name: "Privacy policy" }).click();
  await expect(page).toHaveURL(/\/privacy\.html\?lang=en$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Privacy policy");
  await page.goto("/terms.html?lang=es");
  await expect(page.locator("html")).toHaveAttribute("lang", "es-ES");
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/tw</loc>");
  expect(sitemap).toContain("hreflang=\"ar-SA\"");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain("Sitemap:");
});

test("unknown pages show the localized not-found page", async ({ page }) => {
  const response = await page.goto("/fr/this-page-does-not-exist");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page introuvable");
});

test("icons, manifest and the preview image are served from the root, cached, with no cookie", async ({ page, request }) => {
  for (const [path, type] of [
    ["/manifest.webmanifest", "application/manifest+json"],
    ["/og.png", "image/png"],
    ["/apple-touch-icon.png", "image/png"],
    ["/icon-192.png", "image/png"],
    ["/favicon.ico", "image/x-icon"],
  ] as const) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(200);
    expect(response.headers()["content-type"], path).toContain(type);
    expect(response.headers()["cache-control"], path).toBe("public, max-age=86400, stale-while-revalidate=604800");
    expect(response.headers()["set-cookie"], path).toBeUndefined();
  }
  await page.goto("/fr");
  await expect(page.locator('link[rel="manifest"]')).toHaveAttribute("href", "/manifest.webmanifest");
  await expect(page.locator('link[rel="apple-touch-icon"]')).toHaveAttribute("href", "/apple-touch-icon.png");
  await expect(page.locator('meta[property="og:image"]')).toHaveAttribute("content", /\/og\.png$/);
  await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute("content", "fr_FR");
  await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute("content", "summary_large_image");
});
