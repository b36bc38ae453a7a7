import { expect, test } from "@playwright/test";
import { EMULATOR_URL } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// Ticketing: the demo's Support panel posted from its page lands in the emulator's channel
// with its embed and button; the tickets the demo seeded are listed, and a closed one's
// transcript opens in a dialog.

const workshop = `/en/dashboard/${GUILD_IDS.workshop}`;

test("posts a ticket panel and shows it in the emulator's channel; reads a ticket's transcript", async ({ page }) => {
  await signInFullPage(page, "en", workshop);
  await page.goto(`${workshop}/ticketing`);
  // The collection and the ticket list are islands: they react only once the page is hydrated.
  await page.waitForLoadState("networkidle");

  const row = page.getByTestId("collection-panels").getByRole("listitem").filter({ hasText: "Support" });
  await row.getByRole("button", { name: /^(Post to channel|Re-post): Support$/ }).click();
  const notice = row.getByTestId("item-action-notice");
  await expect(notice).toContainText(/Posted in #/);
  const href = (await notice.getByRole("link", { name: "Open in Discord" }).getAttribute("href")) ?? "";
  const match = new RegExp(`^${EMULATOR_URL.replace("127.0.0.1", "(?:127\\.0\\.0\\.1|localhost)")}/channels/${GUILD_IDS.workshop}/(\\d{17,20})/(\\d{17,20})$`).exec(href);
  expect(match, `message link ${href}`).not.toBeNull();

  // The emulator's channel page: the panel's embed and its button, as members would see them.
  await page.goto(`${EMULATOR_URL}/channels/${GUILD_IDS.workshop}/${match![1]}`);
  const message = page.locator(`[data-message-id="${match![2]}"]`);
  await expect(message.getByRole("heading", { name: "Need a hand?" })).toBeVisible();
  await expect(message.getByTestId("message-buttons").getByRole("button")).toHaveText(["🎫 Open a ticket"]);

  // The tickets the demo reported: filter to closed ones, open #1's transcript, close it with the keyboard.
  await page.goto(`${workshop}/ticketing`);
  await page.waitForLoadState("networkidle");
  const list = page.getByTestId("ticket-list");
  await page.locator('[data-testid="ticket-list"][data-hydrated]').waitFor();
  await list.getByRole("combobox", { name: "Status" }).selectOption("closed");
  await list.getByRole("button", { name: "Filter" }).click();
  await expect(list.getByRole("listitem")).toHaveCount(2);
  await list.getByRole("button", { name: "View: Ticket #1" }).click();
  const dialog = page.getByTestId("ticket-dialog");
  await expect(dialog.getByRole("heading", { name: "Ticket #1" })).toBeVisible();
  await expect(dialog.getByTestId("ticket-transcript").getByRole("listitem")).toHaveCount(3);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
});
