import { expect, test, type Locator, type Page, type TestInfo } from "@playwright/test";
import sharp from "sharp";
import { APPLICATION_IDS, APPLICATIONS } from "../emulators/platform/data/applications";
import { EMULATOR_BOT_TOKEN } from "../emulators/platform/credentials";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, PHONE } from "./fixtures";

// The custom bot as a buyer gets it: Sam adds Guildhall to his Cozy Cafe (no other journey uses
// it), buys Premium with the custom bot add-on on the Chargebee fake's hosted page with its test
// card, sets up the emulator's demo bot with its token (a wrong one first: the refusal is said
// beside the field), sets its status and avatar, and adds it to the server through the popup.
// The token is in no page: not its HTML, not its RSC payload.
const guild = GUILD_IDS.cozyCafe;
const page_ = `/en/dashboard/${guild}/custom_bot`;
const helper = APPLICATIONS.find((application) => application.id === APPLICATION_IDS.workshopHelper)!;
const DESKTOP = { width: 1440, height: 900 };

/** `what` at 1440 and 390 px wide, attached to the report (test-results/). */
async function shoot(page: Page, testInfo: TestInfo, name: string, what: Locator | null = null) {
  for (const [size, viewport] of [["1440", DESKTOP], ["390", PHONE]] as const) {
    await page.setViewportSize(viewport);
    await page.waitForLoadState("networkidle");
    const path = testInfo.outputPath(`${name}-${size}.png`);
    await (what ? what.screenshot({ path }) : page.screenshot({ path, fullPage: true }));
    await testInfo.attach(`${name}-${size}`, { path, contentType: "image/png" });
  }
  await page.setViewportSize(DESKTOP);
}

/** The page's HTML and its RSC payload (what a client-side navigation loads): neither may hold the token's secret part. */
async function expectNoToken(page: Page) {
  const secret = helper.token.split(".")[2]!;
  expect(await page.content()).not.toContain(secret);
  const rsc = await page.request.get(page_, { headers: { RSC: "1" } });
  expect(rsc.status()).toBe(200);
  const payload = await rsc.text();
  expect(payload).toContain("Workshop Helper");
  expect(payload).not.toContain(secret);
}

test("buys Premium with the custom bot add-on, sets up the demo bot with its token, its status and avatar, and adds it to the server in the popup", async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await page.setViewportSize(DESKTOP);
  page.on("dialog", (dialog) => {
    throw new Error(`unexpected browser dialog: ${dialog.message()}`);
  });

  // Sam signs in and adds Guildhall to his server.
  await page.goto("/en/login?redirect=%2Fen%2Fdashboard");
  await page.getByTestId("login-full-page").click();
  await page.getByRole("radio", { name: "(staff.sam)" }).check();
  await page.getByRole("button", { name: "Authorize" }).click();
  await expect(page).toHaveURL(/\/en\/dashboard$/, { timeout: 30_000 });
  const addGuildhall = page.waitForEvent("popup");
  await page.getByTestId("guilds-without-bot").locator(`[data-guild-id="${guild}"]`).getByRole("button", { name: /Add bot/ }).click();
  const consent = await addGuildhall;
  await consent.getByRole("button", { name: "Authorize" }).click();
  await consent.waitForEvent("close");
  await expect(page.getByTestId("bot-joined")).toContainText("Cozy Cafe");

  // Without the add-on the page says what the custom bot is and where to get it.
  await page.goto(page_);
  const upsell = page.getByTestId("custom-bot-upsell");
  await expect(upsell).toContainText("Run Guildhall as your own bot");
  await expect(page.getByTestId("custom-bot-token")).toHaveCount(0);
  await shoot(page, testInfo, "custom-bot-upsell");
  await upsell.getByRole("link", { name: "See the custom bot on the Premium page" }).click();

  // The chooser: Premium with the custom bot add-on, paid on Chargebee's hosted page with the test card.
  const chooser = page.getByRole("form", { name: "Buy for a server" });
  await expect(chooser.getByLabel("Server")).toHaveValue(guild);
  await chooser.getByRole("checkbox", { name: /Add the custom bot \(\$4\.99 \/ month\)/ }).check();
  await expect(chooser).toContainText("Total: $16.98 / month");
  await chooser.getByRole("button", { name: "Continue to payment" }).click();
  await expect(page.getByLabel("Card number")).toHaveValue("4111 1111 1111 1111");
  await page.getByRole("button", { name: "Pay" }).click();
  await expect(page).toHaveURL(new RegExp(`/en/dashboard/${guild}$`), { timeout: 30_000 });

  // The token form: a password field, never filled in; a wrong token is refused beside the field.
  await page.goto(page_);
  const tokenForm = page.getByTestId("custom-bot-token");
  const token = tokenForm.getByLabel("Bot token");
  await expect(token).toHaveAttribute("type", "password");
  await expect(token).toHaveValue("");
  await shoot(page, testInfo, "custom-bot-setup");
  await token.fill("not-a-bot-token");
  await tokenForm.getByRole("button", { name: "Set up the custom bot" }).click();
  await expect(page.getByTestId("custom-bot-token-error")).toHaveText(/^This is not a bot token\./);
  await expect(token).toHaveAttribute("aria-invalid", "true");
  await token.fill(helper.token);
  await token.press("Enter");
  await expect(tokenForm.getByRole("status")).toHaveText("Workshop Helper is now this server's custom bot.");
  await expect(token).toHaveValue("");
  const card = page.getByTestId("custom-bot-card");
  await expect(card.getByTestId("custom-bot-name")).toHaveText("Workshop Helper");
  await expect(card.getByTestId("custom-bot-status")).toHaveText("Active");
  await expect(card).toContainText(`ID ${helper.id}`);

  // Its status: a stream link is a Twitch or YouTube address, said beside the field.
  const presence = page.getByTestId("custom-bot-presence");
  await presence.getByLabel("Status").selectOption("dnd");
  await presence.getByLabel("Activity", { exact: true }).selectOption("streaming");
  await presence.getByLabel("Activity text").fill("Coffee and code");
  await presence.getByLabel("Stream link").fill("https://example.com/live");
  await presence.getByRole("button", { name: "Save the status" }).click();
  await expect(page.getByTestId("custom-bot-presence_activity_url-error")).toContainText("Twitch or YouTube");
  await presence.getByLabel("Stream link").fill("https://www.twitch.tv/cozycafe");
  await presence.getByRole("button", { name: "Save the status" }).click();
  await expect(page.getByTestId("custom-bot-presence-done")).toHaveText("Status saved. Your bot shows it from now on.");
  await expect(page.getByTestId("custom-bot-presence_activity_url-error")).toHaveCount(0);

  // Its avatar: the picture goes to the platform; the card shows the platform's.
  const picture = await sharp({ create: { width: 512, height: 512, channels: 3, background: "#b5651d" } }).png().toBuffer();
  const avatar = page.getByTestId("custom-bot-avatar");
  await avatar.getByLabel("Image").setInputFiles({ name: "cafe.png", mimeType: "image/png", buffer: picture });
  await avatar.getByRole("button", { name: "Set the avatar" }).click();
  await expect(page.getByTestId("custom-bot-avatar-done")).toHaveText("The avatar is set.");
  await expect(card.getByRole("img", { name: "Avatar of Workshop Helper" })).toHaveAttribute("src", new RegExp(`/avatars/${helper.id}/[0-9a-f]{32}\\.png`));
  // The platform allows one change every few minutes: the wait is said, in words.
  await avatar.getByLabel("Image").setInputFiles({ name: "cafe.png", mimeType: "image/png", buffer: picture });
  await avatar.getByRole("button", { name: "Set the avatar" }).click();
  await expect(page.getByTestId("custom-bot-avatar-error")).toHaveText("Discord lets a bot change its avatar only so often. Try again in 10 minutes.");

  // Adding it to the server: the platform's page for the bot's own application, in a popup.
  const invite = page.waitForEvent("popup");
  await page.getByTestId("custom-bot-invite").click();
  const popup = await invite;
  expect(await popup.evaluate(() => [window.outerWidth, window.outerHeight])).toEqual([800, 777]);
  await expect(popup.getByText("Workshop Helper").first()).toBeVisible();
  await expect(popup.getByLabel("Add to server")).toHaveValue(guild);
  await popup.getByRole("button", { name: "Authorize" }).click();
  await popup.waitForEvent("close");
  await expect(page.getByTestId("custom-bot-invite-done")).toHaveText("Your bot was added to Cozy Cafe.");
  const member = await fetch(`${EMULATOR_URL}/api/v10/guilds/${guild}/members/${helper.id}`, { headers: { Authorization: `Bot ${EMULATOR_BOT_TOKEN}` } });
  expect(member.status).toBe(200);

  await page.reload();
  await expect(card.getByTestId("custom-bot-status")).toHaveText("Active");
  await expect(presence.getByLabel("Activity text")).toHaveValue("Coffee and code");
  await expectNoToken(page);
  await shoot(page, testInfo, "custom-bot-page");

  // The overview shows it on, with no switch of its own.
  await page.goto(`/en/dashboard/${guild}`);
  const overviewCard = page.getByTestId("plugin-card-custom_bot");
  await expect(overviewCard).toContainText("On");
  await expect(overviewCard.getByTestId("plugin-switch-custom_bot")).toHaveCount(0);
});
