import { expect, test, type Page } from "@playwright/test";
import { PLUGIN_IDS } from "../lib/plugins/index";
import ar from "../messages/ar.json";
import de from "../messages/de.json";
import fr from "../messages/fr.json";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// Every page at 390 px in the languages with the longest words (French, German) and the
// right-to-left one (Arabic): nothing may make the page scroll sideways. One signed-in
// page per language visits them all; each overflow is reported with the elements that
// stick out, and the test goes on to the next page so one run lists them all.

const MESSAGES = { fr, de, ar };
const LOCALES = Object.keys(MESSAGES) as Array<keyof typeof MESSAGES>;
const guild = GUILD_IDS.workshop;

/** Public pages, visited before signing in. */
const publicPages = (locale: string) => [
  `/${locale}`,
  `/${locale}/premium`,
  `/privacy.html?lang=${locale}`,
  `/terms.html?lang=${locale}`,
  `/${locale}/login`,
  `/${locale}/leaderboard/${guild}`,
  `/${locale}/leaderboard/${guild}/search?q=a`,
  `/${locale}/no-such-page`,
];

/** Pages behind the sign-in. */
const dashboardPages = (locale: string) => [
  `/${locale}/dashboard`,
  `/${locale}/dashboard/${guild}`,
  ...PLUGIN_IDS.map((plugin) => `/${locale}/dashboard/${guild}/${plugin}`),
  `/${locale}/dashboard/${guild}/audit-log`,
  `/${locale}/dashboard/${guild}/copy-settings`,
  // A server without the bot: the page that offers to add it.
  `/${locale}/dashboard/${GUILD_IDS.speedrun}`,
];

type Overflow = { scrollWidth: number; innerWidth: number; culprits: string[] };

/** How far the page is wider than the window, and the innermost elements reaching past its edges. */
function measure(page: Page): Promise<Overflow> {
  return page.evaluate(() => {
    const width = window.innerWidth;
    const outside = [...document.body.querySelectorAll("*")].filter((element) => {
      const box = element.getBoundingClientRect();
      if (box.width === 0 || box.height === 0 || getComputedStyle(element).position === "fixed") return false;
      return box.right > width + 1 || box.left < -1;
    });
    // The deepest ones name the cause; their ancestors only carry it.
    const innermost = outside.filter((element) => !outside.some((other) => other !== element && element.contains(other)));
    const describe = (element: Element) => {
      const box = element.getBoundingClientRect();
      const text = (element.textContent ?? "").trim().replace(/\s+/g, " ").slice(0, 60);
      return `<${element.tagName.toLowerCase()} class="${element.getAttribute("class") ?? ""}"> ${Math.round(box.left)}…${Math.round(box.right)} "${text}"`;
    };
    return { scrollWidth: document.documentElement.scrollWidth, innerWidth: width, culprits: innermost.slice(0, 8).map(describe) };
  });
}

async function expectNoSideScroll(page: Page, path: string, { mustExist = true } = {}) {
  const response = await page.goto(path);
  if (mustExist) expect.soft(response?.status(), `${path} answers`).toBeLessThan(400);
  // Islands fill in after hydration (pickers, previews, lists fetched by the browser).
  await page.waitForLoadState("networkidle");
  const overflow = await measure(page);
  expect.soft(overflow.innerWidth, `${path}: the window keeps its width`).toBe(PHONE.width);
  expect.soft(overflow.scrollWidth, `${path} scrolls sideways:\n  ${overflow.culprits.join("\n  ")}`).toBeLessThanOrEqual(overflow.innerWidth);
}

/**
 * The subscription card's longest label (the billing portal's, shown to subscribed servers) stays
 * inside the card: the demo server has no subscription, so the Buy button is given that label.
 */
async function expectLongestSubscriptionLabelFits(page: Page, label: string) {
  const buy = page.getByTestId("subscription-buy");
  await buy.evaluate((button, text) => void (button.textContent = text), label);
  const [button, card] = await Promise.all([buy.boundingBox(), page.getByTestId("subscription-section").boundingBox()]);
  expect.soft(button!.x >= card!.x && button!.x + button!.width <= card!.x + card!.width, `"${label}" stays inside its card`).toBe(true);
}

test.describe("phone layout", () => {
  // A plain 390 px window, not mobile emulation: a phone browser zooms out to fit a page that is
  // too wide, which would widen innerWidth with it and hide the overflow this looks for.
  test.use({ viewport: PHONE });

  for (const locale of LOCALES) {
    test(`no page scrolls sideways at 390 px in ${locale}`, async ({ page }) => {
      test.setTimeout(600_000);
      for (const path of publicPages(locale)) await expectNoSideScroll(page, path, { mustExist: !path.endsWith("no-such-page") });
      await signInFullPage(page, locale, `/${locale}/dashboard`);
      // The sign-in's return page finishes it in the browser: slower than a page load on a busy machine.
      await expect(page).toHaveURL(new RegExp(`/${locale}/dashboard$`), { timeout: 30_000 });
      for (const path of dashboardPages(locale)) await expectNoSideScroll(page, path);
      await page.goto(`/${locale}/dashboard/${guild}`);
      await expectLongestSubscriptionLabelFits(page, MESSAGES[locale].subscription.portal);
    });
  }
});

test("on a phone the save bar leaves the focused message box and its suggestions in sight", async ({ page }, testInfo) => {
  await page.setViewportSize(PHONE);
  await signInFullPage(page, "fr", `/fr/dashboard/${guild}/welcome`);
  const editor = page.getByRole("textbox", { name: "Message de bienvenue", exact: true });
  // Behind the sign-in, which finishes in the browser: slow on a busy machine.
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await page.waitForLoadState("networkidle");
  // Where a phone's keyboard leaves a focused box: its bottom at the bottom of what is in sight.
  await editor.evaluate((box) => window.scrollBy(0, box.getBoundingClientRect().bottom - window.innerHeight));
  await editor.focus();
  await page.keyboard.press("Control+End");
  // `{` opens the variables: the form now differs from what is saved, so the bar shows.
  await editor.pressSequentially(" {serv");
  const suggestions = page.locator(`[id="${await editor.getAttribute("aria-controls")}"]`);
  await expect(suggestions).toBeVisible();
  await expect(editor).toBeFocused();

  const bar = page.getByTestId("save-bar");
  const covered = await page.evaluate(
    ([boxId, listId]) => {
      const box = document.getElementById(boxId)!;
      const list = document.getElementById(listId)!;
      // Whatever is drawn on top at a few points of the box and of the list must be that element itself.
      const points = (element: Element) => {
        const rect = element.getBoundingClientRect();
        const bottom = Math.min(rect.bottom, window.innerHeight) - 4;
        return [rect.left + 8, rect.left + rect.width / 2, rect.right - 8].flatMap((x) => [rect.top + 4, bottom].map((y) => [x, y] as const)).filter(([, y]) => y > 0 && y < window.innerHeight);
      };
      const hidden = (element: Element) => points(element).filter(([x, y]) => !element.contains(document.elementFromPoint(x, y)));
      return { box: hidden(box).length, list: hidden(list).length };
    },
    [(await editor.getAttribute("id"))!, (await editor.getAttribute("aria-controls"))!] as const,
  );
  expect(covered).toEqual({ box: 0, list: 0 });
  // What the phone shows while typing (the screenshot helper's full-page capture would lay the page out anew).
  const typing = testInfo.outputPath("save-bar-typing-phone-fr.png");
  await page.screenshot({ path: typing });
  await testInfo.attach("save-bar-typing-phone-fr", { path: typing, contentType: "image/png" });

  // Typing done: the bar is there to save, and saves.
  await page.keyboard.press("Escape");
  await editor.blur();
  await expect(bar).toBeVisible();
  await screenshot(page, testInfo, "save-bar-phone-fr");
  await bar.getByRole("button", { name: "Réinitialiser" }).click();
  await expect(bar).toBeHidden();
});
