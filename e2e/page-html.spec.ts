import { expect, test } from "@playwright/test";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// Guild pages arrive complete: their content is in the HTML as sent, not behind a loading
// fallback that a script swaps out later (which held the largest paint ~2.5 s on a phone),
// and their icons come from the cached sprite file, not from markup repeated in every page.

const pages = [`/en/dashboard/${GUILD_IDS.workshop}`, `/en/dashboard/${GUILD_IDS.workshop}/moderator`];

test("guild pages send their content in the HTML and draw icons from the sprite file", async ({ page }) => {
  await signInFullPage(page);
  await page.waitForURL(/\/en\/dashboard$/);
  for (const path of pages) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(200);
    const html = (await response?.text()) ?? "";
    const main = html.slice(html.indexOf('<main id="main">'));
    // A Suspense fallback starts with <!--$?--><template id="B:…">; the page's own heading must come first.
    expect({ path, fallback: /^<main id="main"><!--\$\?--><template/.test(main) }).toEqual({ path, fallback: false });
    expect(main.indexOf("<h1"), path).toBeGreaterThan(0);
    expect(html, path).not.toContain("<symbol");
  }

  const sprites = new Set<string>();
  page.on("response", (response) => {
    if (new URL(response.url()).pathname === "/icons.svg") sprites.add(`${response.status()} ${response.headers()["content-type"]}`);
  });
  await page.goto(pages[1]!);
  await page.waitForLoadState("networkidle");
  expect([...sprites]).toEqual(["200 image/svg+xml; charset=utf-8"]);
  // The shield of the moderator header is drawn: its <use> resolves to a shape of the sprite.
  const box = await page.locator("h1").locator("xpath=ancestor::header[1]").locator("svg use").first().boundingBox();
  expect(box?.width).toBeGreaterThan(10);
});
