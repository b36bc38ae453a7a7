/** @jest-environment node */
// What drawing a page computes is what the page shows: the guild menu reads which plugins are on,
// not every plugin's settings; a plugin's form is described from its schema once per process, not
// at every page; a page names the emoji picker's data without making it.
import fs from "node:fs";
import { eq } from "drizzle-orm";
import { EMOJI_DATA_VERSIONS } from "@/components/emoji-picker/data-versions";
import { GUILD_IDS } from "@/emulators/platform/data/ids";
import { getDb } from "@/lib/db/client";
import { guildPlugins } from "@/lib/db/schema";
import { configFormSpec, itemFormSpec } from "@/lib/plugins/form-spec";
import { getPlugin, PLUGINS } from "@/lib/plugins/index";
import { getEnabledPlugins } from "@/lib/plugins/plugin-states";

const GUILD = GUILD_IDS.workshop;

afterEach(() => jest.restoreAllMocks());

it("reads which plugins are on for the menu without parsing any plugin's settings", async () => {
  const db = await getDb();
  await db.delete(guildPlugins).where(eq(guildPlugins.guildId, GUILD));
  await db.insert(guildPlugins).values([
    { guildId: GUILD, pluginId: "welcome", enabled: true, config: { join_message: "hi" }, version: 1 },
    { guildId: GUILD, pluginId: "help", enabled: false, config: {}, version: 1 },
    { guildId: GUILD, pluginId: "timers", enabled: true, config: {}, version: 1 },
  ]);
  const parses = PLUGINS.flatMap((plugin) => [jest.spyOn(plugin.configSchema, "parse"), jest.spyOn(plugin.configSchema, "safeParse")]);
  expect(await getEnabledPlugins(GUILD)).toEqual(new Set(["welcome", "timers"]));
  for (const parse of parses) expect(parse).not.toHaveBeenCalled();
});

it("describes a plugin's form once per process, however many pages draw it", () => {
  const welcome = getPlugin("welcome")!;
  expect(configFormSpec(welcome)).toBe(configFormSpec(welcome));
  const giveaways = getPlugin("giveaways")!;
  const [collection] = Object.keys(giveaways.collections);
  expect(itemFormSpec(giveaways, collection!)).toBe(itemFormSpec(giveaways, collection!));
});

it("names the emoji picker's data without making it", () => {
  jest.isolateModules(() => {
    delete (globalThis as { __guildhallEmojiData?: unknown }).__guildhallEmojiData;
    const reads = jest.spyOn(fs, "readFileSync");
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const { emojiDataUrl } = require("@/components/emoji-picker/unicode-data") as typeof import("@/components/emoji-picker/unicode-data");
    expect(emojiDataUrl("fr")).toBe(`/fr/emoji-data/${EMOJI_DATA_VERSIONS.fr}`);
    expect(reads).not.toHaveBeenCalled();
  });
});
