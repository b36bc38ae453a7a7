/** @jest-environment node */
// The local flags file (FLAGS_FILE): read through unleash-client's bootstrap, read again when it
// changes, a bad file never turning the flags read before it off; a change expires every guild's
// cached pages (the tag they all carry, lib/guilds/page-cache.ts) so none shows an old decision.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { onForEveryone, type FakeFeature } from "@/emulators/unleash/server";
import { reloadFlagsFile, stopFlags } from "@/lib/flags/flags";
import { readFlagsFile } from "@/lib/flags/flags-file";
import { enabledToggles, isFlagEnabled } from "@/lib/flags/is-flag-enabled";
import { EVERY_GUILD_PAGES_TAG, guildPagesTag } from "@/lib/guilds/page-cache-tag";
import { pageCacheStore } from "@/lib/page-cache/registry";
import { isCurrent, type CachedPage } from "@/lib/page-cache/store";
import { GUILD_IDS } from "@/test/guild-harness";
import { withEnv } from "@/test/set-env";

const folder = mkdtempSync(path.join(tmpdir(), "guildhall-flags-"));
const file = path.join(folder, "flags.json");
/** A moderator page as the page cache keeps it: under its guild's tag and the one every guild's pages carry. */
const cachedModeratorPage = (guildId: string): CachedPage => ({ value: null, tags: [guildPagesTag(guildId), EVERY_GUILD_PAGES_TAG, `/en/dashboard/${guildId}/moderator`], renderedAt: Date.now() });
const current = (pages: CachedPage[]) => Promise.all(pages.map((page) => isCurrent(pageCacheStore(), page)));
const writeFlags = (features: FakeFeature[]) => writeFileSync(file, JSON.stringify({ version: 2, features }));
const inFile = <T>(run: () => Promise<T>) => withEnv({ FLAGS_FILE: file, UNLEASH_URL: undefined, UNLEASH_API_TOKEN: undefined }, run);

/** On only in the guilds listed (a constraint on the custom context field guildId). */
const forGuilds = (name: string, guildIds: string[]): FakeFeature => ({
  ...onForEveryone(name),
  strategies: [{ name: "default", parameters: {}, constraints: [{ contextName: "guildId", operator: "IN", values: guildIds, caseInsensitive: false, inverted: false }] }],
});

beforeEach(() => stopFlags());
afterAll(() => {
  stopFlags();
  rmSync(folder, { recursive: true, force: true });
});

describe("the flags file", () => {
  it("is in the shape of Unleash's /client/features answer; the repository's turns the automod dry run on", async () => {
    const read = await readFlagsFile(path.join(process.cwd(), "config/flags.json"));
    expect("flags" in read && read.flags.features.find((flag) => flag.name === "automod_dry_run")?.enabled).toBe(true);
    await withEnv({ FLAGS_FILE: "config/flags.json", UNLEASH_URL: undefined, UNLEASH_API_TOKEN: undefined }, async () => {
      expect(await isFlagEnabled("automod_dry_run", { guildId: GUILD_IDS.workshop })).toBe(true);
    });
  });

  it("is evaluated by the SDK with its strategies: a flag for some guilds, an unknown flag off", async () => {
    writeFlags([onForEveryone("everywhere"), onForEveryone("switched_off", false), forGuilds("workshop_only", [GUILD_IDS.workshop])]);
    await inFile(async () => {
      expect(await isFlagEnabled("everywhere")).toBe(true);
      expect(await isFlagEnabled("switched_off")).toBe(false);
      expect(await isFlagEnabled("nobody_defined_this")).toBe(false);
      expect(await isFlagEnabled("workshop_only", { guildId: GUILD_IDS.workshop })).toBe(true);
      expect(await isFlagEnabled("workshop_only", { guildId: GUILD_IDS.lofi })).toBe(false);
      expect((await enabledToggles({ guildId: GUILD_IDS.workshop })).map((toggle) => toggle.name)).toEqual(["everywhere", "workshop_only"]);
    });
  });

  it("is read again when it changes, and the change retires every guild's cached pages", async () => {
    writeFlags([onForEveryone("automod_dry_run")]);
    await inFile(async () => {
      expect(await isFlagEnabled("automod_dry_run")).toBe(true);
      const pages = [GUILD_IDS.workshop, GUILD_IDS.lofi].map(cachedModeratorPage);
      await new Promise((resolve) => setTimeout(resolve, 2));
      expect(await current(pages)).toEqual([true, true]);
      writeFlags([onForEveryone("automod_dry_run", false)]);
      await reloadFlagsFile();
      expect(await isFlagEnabled("automod_dry_run")).toBe(false);
      await new Promise((resolve) => setTimeout(resolve, 2));
      expect(await current(pages)).toEqual([false, false]);
      // Read again without a change: pages drawn since stay current.
      const redrawn = [GUILD_IDS.workshop, GUILD_IDS.lofi].map(cachedModeratorPage);
      await new Promise((resolve) => setTimeout(resolve, 2));
      await reloadFlagsFile();
      await new Promise((resolve) => setTimeout(resolve, 2));
      expect(await current(redrawn)).toEqual([true, true]);
    });
  });

  it("keeps the flags read before when it stops parsing (bad JSON, a flag without `enabled`, a name twice)", async () => {
    writeFlags([onForEveryone("automod_dry_run")]);
    await inFile(async () => {
      expect(await isFlagEnabled("automod_dry_run")).toBe(true);
      const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
      try {
        for (const broken of ['{"version": 2, "features": [', JSON.stringify({ version: 2, features: [{ name: "automod_dry_run" }] }), JSON.stringify({ version: 2, features: [onForEveryone("a"), onForEveryone("a", false)] })]) {
          writeFileSync(file, broken);
          await reloadFlagsFile();
          expect(await isFlagEnabled("automod_dry_run")).toBe(true);
        }
        expect(errors).toHaveBeenCalledTimes(3);
      } finally {
        errors.mockRestore();
      }
    });
  });

  it("turns every flag off, and says so, when it is missing", async () => {
    const errors = jest.spyOn(console, "error").mockImplementation(() => undefined);
    try {
      await withEnv({ FLAGS_FILE: path.join(folder, "missing.json"), UNLEASH_URL: undefined, UNLEASH_API_TOKEN: undefined }, async () => {
        expect(await isFlagEnabled("automod_dry_run")).toBe(false);
        expect(await enabledToggles()).toEqual([]);
      });
      expect(String(errors.mock.calls[0]?.[0])).toMatch(/cannot read .*missing\.json: ENOENT; every flag is off/);
    } finally {
      errors.mockRestore();
    }
  });
});
