import type { z } from "zod";
import type { GuildPickers } from "@/lib/guilds/pickers";
import { commands } from "@/lib/plugins/commands/definition";
import { welcome } from "@/lib/plugins/welcome/definition";
import { collectionChange, pluginChange, settingsChange } from "./import-diff";
import { Remapper } from "./remap";
import type { SettingsFile } from "./settings-file";

// The preview's diff: what would change once the file went through the import's own
// normalisation (ids matched by name, values read through the plugin schemas).

type Json = Record<string, unknown>;

const SOURCE = { general: "100000000000000001", rules: "100000000000000002", coders: "100000000000000003" };
const TARGET = { general: "200000000000000001", rules: "200000000000000002", coders: "200000000000000003" };

const file = {
  channels: { [SOURCE.general]: { name: "general", type: 0 }, [SOURCE.rules]: { name: "Rules", type: 0 } },
  roles: { [SOURCE.coders]: { name: "Coders" } },
} as unknown as SettingsFile;

const targetPickers = {
  channels: [
    { id: TARGET.general, name: "general", type: 0, position: 0, parent_id: null },
    // Names match whatever their case, as the platform shows them.
    { id: TARGET.rules, name: "rules", type: 0, position: 1, parent_id: null },
  ],
  roles: [{ id: TARGET.coders, name: "Coders", color: 0, position: 1, mentionable: false, managed: false, assignable: true }],
  stale: false,
} as GuildPickers;

/** What prepareImport does to a value of the file before anything is compared or written. */
const normalise = (schema: z.ZodObject, value: Json) => schema.parse(new Remapper(file, targetPickers).apply(schema, value)) as Json;

const welcomeConfig = (overrides: Json = {}) => welcome.configSchema.parse({ join_channel_id: TARGET.general, join_role_ids: [TARGET.coders], ...overrides }) as Json;
const command = (overrides: Json = {}) => commands.collections.commands.itemSchema.parse({ name: "rules", response: "Read the rules", allowed_channel_ids: [TARGET.rules], ...overrides }) as Json;

describe("what an import would change", () => {
  it("finds nothing when the file holds what the server holds", () => {
    expect(pluginChange({ enabled: true, config: welcomeConfig() }, { enabled: true, config: welcomeConfig() })).toBeNull();
    expect(collectionChange([command(), command({ name: "faq" })], [command(), command({ name: "faq" })], "name")).toBeNull();
    expect(settingsChange({ activePrefix: "!", ignored_channel_ids: [TARGET.rules] }, { activePrefix: "!", ignored_channel_ids: [TARGET.rules] })).toEqual([]);
  });

  it("names the one config field that differs, and the switch only when it flips", () => {
    const current = { enabled: true, config: welcomeConfig() };
    expect(pluginChange(current, { enabled: true, config: welcomeConfig({ join_message: "Hi {user.mention}" }) })).toEqual({ settings: ["join_message"] });
    expect(pluginChange(current, { enabled: false, config: welcomeConfig() })).toEqual({ enabled: false, settings: [] });
    expect(pluginChange(current, { enabled: false, config: welcomeConfig({ card_enabled: true, join_role_ids: [] }) })).toEqual({ enabled: false, settings: ["join_role_ids", "card_enabled"] });
  });

  it("counts an extra item as one added to that collection", () => {
    expect(collectionChange([command()], [command(), command({ name: "faq" })], "name")).toEqual({ added: 1, removed: 0, changed: 0 });
    expect(collectionChange([command(), command({ name: "faq" })], [command()], "name")).toEqual({ added: 0, removed: 1, changed: 0 });
    expect(collectionChange([], [], "name")).toBeNull();
  });

  it("reads an item with the same title and other content as changed, not removed and added", () => {
    expect(collectionChange([command(), command({ name: "faq" })], [command({ response: "Read #rules first" }), command({ name: "faq" })], "name")).toEqual({ added: 0, removed: 0, changed: 1 });
    // Another title is another item: one removed, one added.
    expect(collectionChange([command({ name: "old" })], [command({ name: "new" })], "name")).toEqual({ added: 1, removed: 1, changed: 0 });
  });

  it("ignores the order of items (it is creation order, not something a user arranges)", () => {
    expect(collectionChange([command(), command({ name: "faq" })], [command({ name: "faq" }), command()], "name")).toBeNull();
    // Key order of stored jsonb is not kept either.
    const reordered = Object.fromEntries(Object.entries(command()).reverse());
    expect(collectionChange([command()], [reordered], "name")).toBeNull();
  });

  it("counts channels and roles matched by name as equal to the ones already set", () => {
    const fromFile = normalise(welcome.configSchema, { join_channel_id: SOURCE.general, join_role_ids: [SOURCE.coders] });
    expect(fromFile).toMatchObject({ join_channel_id: TARGET.general, join_role_ids: [TARGET.coders] });
    expect(pluginChange({ enabled: true, config: welcomeConfig() }, { enabled: true, config: fromFile })).toBeNull();

    const item = normalise(commands.collections.commands.itemSchema, { name: "rules", response: "Read the rules", allowed_channel_ids: [SOURCE.rules] });
    expect(collectionChange([command()], [item], "name")).toBeNull();
  });

  it("lists a server setting only when the file gives it another value; keys the file leaves out are not touched", () => {
    const current = { activePrefix: "!", onboarding: true, ignored_channel_ids: [] };
    expect(settingsChange(current, { activePrefix: "?", onboarding: true })).toEqual(["activePrefix"]);
    expect(settingsChange(current, {})).toEqual([]);
  });
});
