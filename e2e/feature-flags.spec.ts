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
  await signInFullPage(page, "en", moderator);
  await expect(page).toHaveURL(new RegExp(`${moderator}$`));
  const dryRun = page.getByRole("region", { name: en.automodDryRun.title });
  await expect(dryRun).toBeVisible();

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
