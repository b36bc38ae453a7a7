import { expect, test } from "@playwright/test";
import { screenshot, signInFullPage } from "./fixtures";

// The first-login steps on My servers, in German: the bot is already in one of Ada's servers
// (step one done), step two links to it, and the survey about it and about her is answered by
// keyboard; the steps then stay hidden, after a reload too.
test("answers the getting-started survey and the steps stay hidden", async ({ page }, testInfo) => {
  await signInFullPage(page, "de", "/de/dashboard");
  const card = page.getByTestId("get-started");
  await expect(card).toBeVisible({ timeout: 15_000 });
  await expect(card.getByText(/Erledigt: Guildhall ist auf /)).toBeVisible();
  await expect(card.getByRole("link", { name: /und schalte Willkommen, Level oder Moderation ein/ })).toBeVisible();
  await screenshot(page, testInfo, "get-started-de");

  await card.getByLabel("Wofür ist der Server?").selectOption("community");
  await card.getByLabel("Er gehört zu einem Unternehmen oder einer Marke").check();
  await card.getByLabel("Wer bist du auf deinen Servern?").selectOption("owner");
  await card.getByLabel("Wie hast du von Guildhall erfahren?").selectOption("friend");
  await card.getByRole("button", { name: "Senden" }).press("Enter");
  await expect(page.getByTestId("get-started-thanks")).toHaveText("Danke! Deine Antworten sind gespeichert.", { timeout: 15_000 });

  await page.reload();
  await expect(page.getByTestId("guilds-with-bot")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByTestId("get-started")).toHaveCount(0);
  const typeform = await page.evaluate(async () => (await fetch("/api/users/@me/onboarding-typeform")).json());
  expect(typeform).toMatchObject({ answers: { role: "owner", heard_from: "friend" }, done: true });
});
