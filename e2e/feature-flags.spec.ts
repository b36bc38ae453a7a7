import { readFileSync, writeFileSync } from "node:fs";
import { expect, test } from "@playwright/test";
import en from "../messages/en.json";
import { E2E_FLAGS_FILE } from "../playwright.config";
import { GUILD_IDS, signInFullPage } from "./fixtures";

// A product decision behind a feature flag: the automod dry run on the moderator page shows
// while `automod_dry_run` is on in the flags file, and is gone on a reload once it is turned
// off there (the server reads the file again within seconds and retires the cached page).

const moderator = `/en/dashboard/${GUILD_IDS.workshop}/moderator`;

/** The server's flags file with automod_dry_run set on or off. */
function setDryRunFlag(enabled: boolean) {
  const file = JSON.parse(readFileSync(E2E_FLAGS_FILE, "utf8")) as { features: Array<{ name: string; enabled: boolean }> };
  for (const flag of file.features) if (flag.name === "automod_dry_run") flag.enabled = enabled;
  writeFileSync(E2E_FLAGS_FILE, JSON.stringify(file, null, 2));
}

test("turning automod_dry_run off in the flags file hides the automod dry run on the next load", async ({ page }) => {
  // The browser flag client starts once the page is idle and asks the frontend API for this guild's flags.
  const flagsFetched = page.waitForResponse((response) => new URL(response.url()).pathname === "/api/e" && response.url().includes(GUILD_IDS.workshop), { timeout: 60_000 });
  await signInFullPage(page, "en", moderator);
  // The first page a fresh server draws after the sign-in.
  await expect(page).toHaveURL(new RegExp(`${moderator}$`), { timeout: 30_000 });
  const dryRun = page.getByRole("region", { name: en.automodDryRun.title });
  await expect(dryRun).toBeVisible();
  const fetched = await flagsFetched;
  expect({ status: fetched.status(), sessionId: fetched.request().headers()["x-session-id"] }).toEqual({ status: 200, sessionId: expect.stringMatching(/^\d{1,9}$/) });
  expect(((await fetched.json()) as { toggles: Array<{ name: string }> }).toggles.map((toggle) => toggle.name)).toContain("automod_dry_run");

  setDryRunFlag(false);
  try {
    // Reloaded until the server has read the file (it looks every 2 s): the panel is drawn by the server or not at all.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      await expect(dryRun).toHaveCount(0, { timeout: 500 });
    }).toPass({ timeout: 20_000 });
    // The rest of the page is there: only the flagged section went.
    await expect(page.getByTestId("collection-rules")).toBeVisible();
  } finally {
    setDryRunFlag(true);
  }
  await expect(async () => {
    await page.reload();
    await expect(dryRun).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
});
