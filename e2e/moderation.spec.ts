import { expect, test, type Page } from "@playwright/test";
import ar from "../messages/ar.json";
import en from "../messages/en.json";
import fr from "../messages/fr.json";
import frPlugins from "../messages/plugins/fr.json";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, PHONE, screenshot, signInFullPage } from "./fixtures";

// The moderator page in the demo workshop (npm start gives the bot's role Ban, Kick and
// Timeout Members there, and a case history): a member's history found by name, a ban made
// from it and lifted from the bans list, the lockdown put on and lifted (in French), a new
// automod rule tried on pasted messages before it acts (in French), and the page at 1440 and
// 390 px in English and Arabic.

const guild = GUILD_IDS.workshop;
const moderatorPath = (locale: string) => `/${locale}/dashboard/${guild}/moderator`;
const WIDE = { width: 1440, height: 900 };
/** A generated member of the workshop whom the demo history leaves alone. */
const TARGET = { search: "rusty", username: /@rusty\.lynx/ };

async function openModeration(page: Page, locale: string) {
  await page.goto(moderatorPath(locale));
  // The tabs are an island: they react once the page is hydrated.
  await page.waitForLoadState("networkidle");
}

test.describe.serial("moderation", () => {
  test.beforeEach(async ({ page }) => {
    await signInFullPage(page, "en", moderatorPath("en"));
    await expect(page).toHaveURL(new RegExp(`${moderatorPath("en")}$`));
    await page.waitForLoadState("networkidle");
  });

  test("finds a member's history, bans them from it and unbans them from the bans list", async ({ page }, testInfo) => {
    const t = en.moderation;
    // The demo history, drawn by the server: Chen moderated on Discord, the bot after a third warning.
    const moderation = page.getByTestId("moderation");
    await expect(moderation.getByRole("cell", { name: "Chen Wei on Discord" }).first()).toBeVisible();
    await expect(moderation.getByRole("cell", { name: t.people.bot }).first()).toBeVisible();
    await page.setViewportSize(WIDE);
    await screenshot(page, testInfo, "moderation-cases-en-1440");

    await page.getByRole("tab", { name: t.tabs.member }).click();
    await page.getByLabel(t.history.search).fill(TARGET.search);
    await page.getByRole("button", { name: TARGET.username }).click();
    await expect(page).toHaveURL(/\?tab=member&member=\d+$/);
    const history = page.getByTestId("member-history");
    await expect(history.getByRole("heading", { name: /^History of / })).toBeVisible();
    const name = ((await history.getByRole("heading").first().textContent()) ?? "").replace(/^History of /, "");

    await history.getByRole("group", { name: t.history.actions }).getByRole("button", { name: t.acts.ban }).click();
    const dialog = page.getByTestId("act-dialog");
    await expect(dialog.getByRole("heading", { name: `Ban ${name}` })).toBeVisible();
    await dialog.getByLabel(t.act.deleteMessages).selectOption({ label: t.act.deleteHour });
    await dialog.getByLabel(t.act.reason).fill("Scam links (end-to-end test)");
    await dialog.getByRole("button", { name: t.acts.ban }).click();
    await expect(dialog.getByText(/^Banned\. Recorded as case #\d+\.$/)).toBeVisible();
    await screenshot(page, testInfo, "moderation-ban-done-en-1440");
    await dialog.getByRole("button", { name: t.act.close }).click();
    // The history reads the platform again: banned, and no longer a member.
    await expect(history.getByText(t.history.notMember)).toBeVisible();
    await expect(history.getByText(/^Banned: Scam links \(end-to-end test\)/)).toBeVisible();

    await page.getByRole("tab", { name: t.tabs.bans }).click();
    const bans = page.getByTestId("ban-list");
    const row = bans.getByRole("row").filter({ hasText: name });
    await expect(row).toContainText("Scam links (end-to-end test)");
    await row.getByRole("button", { name: `Unban ${name}` }).click();
    await expect(dialog.getByRole("heading", { name: `Unban ${name}` })).toBeVisible();
    await dialog.getByRole("button", { name: t.acts.unban }).click();
    await expect(dialog.getByText(/^Unbanned\. Recorded as case #\d+\.$/)).toBeVisible();
    await dialog.getByRole("button", { name: t.act.close }).click();
    await expect(page.getByRole("row").filter({ hasText: name })).toHaveCount(0);

    // Both acts are cases at the top of the list.
    await page.getByRole("tab", { name: t.tabs.cases }).click();
    const newest = page.getByTestId("moderation").getByRole("row").nth(1);
    await expect(newest).toContainText(t.types.unban);
    await expect(newest).toContainText(name);
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "moderation-cases-en-390");
  });

  test("locks a channel and lifts the lockdown, in French", async ({ page }, testInfo) => {
    const t = fr.moderation;
    await openModeration(page, "fr");
    // The channels a lockdown locks are chosen in the plugin's settings, on the same page.
    const picker = page.getByRole("combobox", { name: frPlugins.moderator.fields.lockdown_channel_ids.label });
    await picker.click();
    await picker.fill("general");
    await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    const saved = page.waitForResponse((response) => response.url().includes("/api/plugins/moderator/config/") && response.request().method() === "PATCH" && response.ok());
    await page.getByTestId("save-bar").getByRole("button", { name: fr.settings.save }).click();
    await saved;

    await page.getByRole("tab", { name: t.tabs.lockdown }).click();
    const panel = page.getByTestId("lockdown-panel");
    await expect(panel.getByTestId("lockdown-state")).toHaveText(t.lockdown.open);
    const general = panel.locator('[data-testid^="lockdown-channel-"]').filter({ hasText: "#general" });
    await expect(general).toContainText(t.lockdown.status.open);
    const channelId = ((await general.getAttribute("data-testid")) ?? "").replace("lockdown-channel-", "");

    await panel.getByRole("button", { name: t.lockdown.lock }).click();
    const confirm = page.getByTestId("lockdown-confirm");
    await expect(confirm.getByRole("heading", { name: t.lockdown.lockQuestion })).toBeVisible();
    await confirm.getByRole("button", { name: t.lockdown.lock }).click();
    await expect(panel.getByTestId("lockdown-state")).toHaveText(t.lockdown.locked);
    await expect(general).toContainText(`${t.lockdown.status.locked} (${t.lockdown.messagePosted})`);
    await expect(panel.getByText(t.lockdown.lockedDone)).toBeVisible();
    // The lockdown message went out in the channel, on the platform.
    const messages = (await (await page.request.get(`${EMULATOR_URL}/__emulator/messages?channel_id=${channelId}`)).json()) as { messages: Array<{ content: string }> };
    expect(messages.messages.at(-1)?.content).toBeTruthy();
    await screenshot(page, testInfo, "moderation-lockdown-fr");

    await panel.getByRole("button", { name: t.lockdown.unlock }).click();
    await confirm.getByRole("button", { name: t.lockdown.unlock }).click();
    await expect(panel.getByTestId("lockdown-state")).toHaveText(t.lockdown.open);
    await expect(general).toContainText(t.lockdown.status.unlocked);
    await expect(panel.getByText(t.lockdown.unlockedDone)).toBeVisible();
    // The refresh after the write kept the tab in the address.
    await expect(page).toHaveURL(/\?tab=lockdown$/);
    // Reloaded, the page says the same.
    await page.reload();
    await page.getByRole("tab", { name: t.tabs.lockdown }).click();
    await expect(page.getByTestId("lockdown-state")).toHaveText(t.lockdown.open);
  });

  test("adds an automod rule and dry-runs it on pasted messages: which rule matches and what the bot would do, in French", async ({ page }, testInfo) => {
    const t = fr.automodDryRun;
    const rules = frPlugins.moderator.collections.rules.fields;
    const actions = rules.actions.options;
    await openModeration(page, "fr");

    // A new rule: server invites, deleted and warned about.
    await page.getByTestId("collection-rules").getByTestId("collection-add").click();
    const dialog = page.getByRole("dialog");
    await dialog.locator('[data-field="name"] input').fill("Pas de publicité");
    await dialog.locator('[data-field="trigger"] select').selectOption({ label: rules.trigger.options.invites });
    await dialog.locator('[data-field="actions"]').getByRole("checkbox", { name: actions.warn }).check();
    const saved = page.waitForResponse((response) => response.url().includes(`/api/plugins/moderator/guilds/${guild}/rules`) && response.request().method() === "POST");
    await dialog.locator("footer").getByRole("button", { name: fr.settings.save }).click();
    expect((await saved).status()).toBe(201);
    await expect(dialog).toBeHidden();

    // The dry run, under the rules: one message per line.
    const dryRun = page.getByRole("region", { name: t.title });
    await expect(dryRun.getByRole("radio", { name: t.pasted })).toBeChecked();
    await dryRun.getByRole("textbox", { name: t.messagesLabel }).fill("Bonjour à tous !\nRejoignez-nous sur discord.gg/promo-du-jour");
    const tried = page.waitForResponse((response) => response.url().endsWith(`/api/plugins/moderator/guilds/${guild}/rules/dry-run`) && response.ok());
    await dryRun.getByRole("button", { name: t.run }).click();
    await tried;
    await expect(dryRun.getByRole("heading", { name: t.results })).toBeVisible();
    const caught = dryRun.getByRole("listitem").filter({ has: page.locator("blockquote", { hasText: "discord.gg/promo-du-jour" }) });
    await expect(caught).toHaveCount(1);
    await expect(caught.locator("strong")).toHaveText("Pas de publicité");
    await expect(caught).toContainText(t.found.replace("{detail}", "discord.gg/promo-du-jour"));
    await expect(caught).toContainText(`${actions.delete} · ${actions.warn}`);
    // The greeting breaks no rule.
    await expect(dryRun.getByText(t.passes.replace("{count}", "1"))).toBeVisible();
    await expect(dryRun.locator("blockquote", { hasText: "Bonjour" })).toHaveCount(0);
    await screenshot(page, testInfo, "moderation-dry-run-fr");
  });

  test("reads right to left in Arabic, on a wide screen and a phone", async ({ page }, testInfo) => {
    const t = ar.moderation;
    await openModeration(page, "ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.getByRole("tab", { name: t.tabs.cases })).toHaveAttribute("aria-selected", "true");
    await page.setViewportSize(WIDE);
    await screenshot(page, testInfo, "moderation-cases-ar-1440");
    await page.setViewportSize(PHONE);
    await screenshot(page, testInfo, "moderation-cases-ar-390");
    await page.getByRole("tab", { name: t.tabs.member }).click();
    await page.getByLabel(t.history.search).fill("staff");
    await page.getByRole("button", { name: /@staff\.sam/ }).first().click();
    await expect(page.getByTestId("member-history")).toBeVisible();
    await screenshot(page, testInfo, "moderation-member-ar-390");
    // Nothing makes the phone page scroll sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  });
});
