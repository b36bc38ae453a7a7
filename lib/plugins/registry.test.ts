/** @jest-environment node */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { createTranslator } from "next-intl";
import { z } from "zod";
import { CHANNEL_TYPES_BY_UI } from "./channel-uis";
import { getPlugin, isPluginId, PLUGIN_IDS, PLUGINS, pluginsByCategory } from "./index";
import { CATEGORIES, type PluginDefinition } from "./types";
import { sampleItems } from "@/test/plugin-samples";

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => typeof value === "object" && value !== null && !Array.isArray(value);

const PLUGIN_DIR = __dirname;
const FOLDERS = readdirSync(PLUGIN_DIR).filter((name) => statSync(path.join(PLUGIN_DIR, name)).isDirectory() && !name.startsWith("_"));
const MESSAGES = JSON.parse(readFileSync(path.join(PLUGIN_DIR, "../../messages/plugins/en.json"), "utf8")) as Json;

const camelCase = (id: string) => id.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
const inputSchema = (schema: z.ZodType) => z.toJSONSchema(schema, { io: "input" }) as Json;
const properties = (schema: Json) => (isObject(schema.properties) ? (schema.properties as Record<string, Json>) : {});

/** Spec 1 ids by category, and spec 7 collection paths (with the moderator's automod rules, issue 21). */
const EXPECTED_IDS = {
  utilities: ["moderator", "welcome", "timers", "commands", "reaction_roles", "guild_embeds", "search", "record", "help", "statistics", "temporary_channels"],
  social: ["twitch", "twitter", "youtube", "reddit", "rss", "kick"],
  fun: ["levels", "birthdays", "blindtest", "music", "economy", "giveaways"],
  other: ["podcasts", "tiktok", "instagram", "ticketing", "automations", "achievements", "emojis", "webhooks", "memberships", "credits", "custom_bot", "nft_avatars"],
} as const;
const PREMIUM_PLUGINS = ["record", "custom_bot", "statistics", "memberships", "nft_avatars"];
const EXPECTED_COLLECTIONS = [
  "guild_embeds/embeds",
  "commands/commands",
  "reaction_roles/messages",
  "automations/automations",
  "timers/timers",
  "rss/subscriptions",
  "podcasts/subscriptions",
  "kick/subscriptions",
  "tiktok/subscriptions",
  "twitter/subscriptions",
  "twitch/streamers",
  "instagram/subscription",
  "reddit/subreddits",
  "youtube/subscriptions",
  "giveaways/giveaways",
  "ticketing/panels",
  "achievements/trophies",
  "economy/wares",
  "moderator/rules",
];

const SAMPLE_ITEMS = sampleItems({ channel: "123456789012345678", role: "223456789012345678" });

const collectionEntries = () =>
  PLUGINS.flatMap((plugin: PluginDefinition) => Object.entries(plugin.collections).map(([name, collection]) => ({ plugin, name, collection, key: `${plugin.id}/${name}` })));

/** Every schema node of a JSON schema, with a readable path. */
function walk(node: unknown, at: string, visit: (node: Json, at: string) => void): void {
  if (Array.isArray(node)) return node.forEach((child, index) => walk(child, `${at}[${index}]`, visit));
  if (!isObject(node)) return;
  visit(node, at);
  for (const [key, child] of Object.entries(properties(node))) walk(child, `${at}.${key}`, visit);
  for (const key of ["items", "prefixItems", "anyOf", "oneOf", "allOf", "additionalProperties", "not"]) {
    if (key in node) walk(node[key], `${at}/${key}`, visit);
  }
}

const types = (node: Json): string[] => (Array.isArray(node.type) ? (node.type as string[]) : typeof node.type === "string" ? [node.type] : []);
const isBound = (value: unknown) => typeof value === "number" && Number.isFinite(value) && Math.abs(value) < Number.MAX_SAFE_INTEGER;

/** Problems with bounds and strictness anywhere in a schema. */
function boundProblems(schema: z.ZodType): string[] {
  const problems: string[] = [];
  walk(inputSchema(schema), "$", (node, at) => {
    const kinds = types(node);
    if (kinds.includes("string") && node.maxLength === undefined && node.const === undefined && node.enum === undefined) problems.push(`${at}: string without maxLength`);
    if (kinds.includes("number") || kinds.includes("integer")) {
      if (!isBound(node.minimum ?? node.exclusiveMinimum)) problems.push(`${at}: number without minimum`);
      if (!isBound(node.maximum ?? node.exclusiveMaximum)) problems.push(`${at}: number without maximum`);
    }
    if (kinds.includes("array") && typeof node.maxItems !== "number") problems.push(`${at}: array without maxItems`);
    if (kinds.includes("object") && node.additionalProperties !== false) problems.push(`${at}: object is not strict`);
  });
  return problems;
}

const CHANNEL_UIS = Object.keys(CHANNEL_TYPES_BY_UI);
const ROLE_UIS = ["role", "roles", "mentionable_role"];
/** Fields named like channel or role ids must come from the builders, so the server checks they exist in the guild. */
function referenceProblems(schema: z.ZodType): string[] {
  const problems: string[] = [];
  walk(inputSchema(schema), "$", (node, at) => {
    for (const [key, field] of Object.entries(properties(node))) {
      const ui = field.ui;
      if (/(^|_)(channel|category)_ids?$/.test(key)) {
        if (typeof ui !== "string" || !CHANNEL_UIS.includes(ui)) problems.push(`${at}.${key}: channel id without a channel builder`);
      } else if (/(^|_)role_ids?$/.test(key)) {
        if (typeof ui !== "string" || !ROLE_UIS.includes(ui)) problems.push(`${at}.${key}: role id without a role builder`);
      }
      if (typeof field.freeMax === "number") {
        const size = field.maxItems ?? field.maxLength;
        if (typeof size !== "number" || !(field.freeMax > 0 && field.freeMax < size)) problems.push(`${at}.${key}: freeMax ${field.freeMax} must be below the size ${String(size)}`);
      }
    }
  });
  return problems;
}

/** The object schema of list items (role rewards, embed fields…), if the field is such a list. */
function listItemObject(field: Json): Json | undefined {
  const items = field.items;
  return isObject(items) && types(items).includes("object") ? items : undefined;
}

function enumValues(field: Json): string[] | undefined {
  if (Array.isArray(field.enum)) return field.enum as string[];
  const items = field.items;
  if (isObject(items) && Array.isArray(items.enum)) return items.enum as string[];
  return undefined;
}

const RESERVED_KEYS = ["label", "help", "options"];
const messagesOf = (node: unknown, ...keys: string[]): Json | undefined => keys.reduce<unknown>((at, key) => (isObject(at) ? at[key] : undefined), node) as Json | undefined;

/** Missing or stale labels for one object schema against its `fields` messages. */
function labelProblems(schema: z.ZodType, fieldMessages: Json | undefined, at: string): string[] {
  const problems: string[] = [];
  const check = (props: Record<string, Json>, messages: Json | undefined, where: string, nested: boolean) => {
    for (const [key, field] of Object.entries(props)) {
      const entry = messagesOf(messages, key);
      if (typeof entry?.label !== "string" || entry.label.trim() === "") problems.push(`${where}.${key}: no label`);
      if (entry?.help !== undefined && (typeof entry.help !== "string" || entry.help.trim() === "")) problems.push(`${where}.${key}: empty help`);
      const values = enumValues(field);
      for (const value of values ?? []) {
        if (typeof messagesOf(entry, "options", value) !== "string") problems.push(`${where}.${key}: no label for option ${value}`);
      }
      const optionKeys = Object.keys(messagesOf(entry, "options") ?? {});
      for (const stale of optionKeys.filter((value) => !values?.includes(value))) problems.push(`${where}.${key}: stale option ${stale}`);
      const itemObject = listItemObject(field);
      const itemProps = itemObject ? properties(itemObject) : {};
      for (const sub of Object.keys(itemProps)) if (RESERVED_KEYS.includes(sub)) problems.push(`${where}.${key}.${sub}: subfield name collides with a message key`);
      if (itemObject) check(itemProps, entry, `${where}.${key}`, true);
      // Keys beside label/help/options are subfield labels; each must name a subfield.
      for (const extra of Object.keys(entry ?? {}).filter((name) => !RESERVED_KEYS.includes(name) && !(name in itemProps))) problems.push(`${where}.${key}.${extra}: stale message`);
    }
    // Stale subfield entries are reported by the parent's check above.
    if (!nested) for (const stale of Object.keys(messages ?? {}).filter((key) => !(key in props))) problems.push(`${where}.${stale}: stale message`);
  };
  check(properties(inputSchema(schema)), fieldMessages, at, false);
  return problems;
}

describe("plugin registry", () => {
  it("lists every plugin of spec 1 once, in category order, one folder each", () => {
    expect(PLUGINS.map((plugin) => plugin.id)).toEqual(Object.values(EXPECTED_IDS).flat());
    // The light id list (middleware's) names the definitions, in their order.
    expect([...PLUGIN_IDS]).toEqual(PLUGINS.map((plugin) => plugin.id));
    expect([...FOLDERS].sort()).toEqual([...PLUGIN_IDS].sort());
    for (const [category, ids] of Object.entries(EXPECTED_IDS)) {
      for (const id of ids) expect(getPlugin(id)?.category).toBe(category);
    }
  });

  it.each(FOLDERS)("%s/definition.ts exports its plugin under the camelCase name, with the folder's id", async (folder) => {
    const exported = (await import(`./${folder}/definition`)) as Record<string, unknown>;
    const plugin = exported[camelCase(folder)] as PluginDefinition | undefined;
    expect(plugin?.id).toBe(folder);
    expect(getPlugin(folder)).toBe(plugin);
  });

  it("marks exactly the premium-only plugins as premium and gives each an icon key", () => {
    expect(PLUGINS.filter((plugin) => plugin.premium).map((plugin) => plugin.id).sort()).toEqual([...PREMIUM_PLUGINS].sort());
    for (const plugin of PLUGINS) expect(plugin.icon).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(PLUGINS.map((plugin) => plugin.icon)).size).toBe(PLUGINS.length);
  });

  it("looks plugins up by id and groups them by category", () => {
    expect(getPlugin("levels")?.id).toBe("levels");
    expect(getPlugin("nope")).toBeUndefined();
    expect(getPlugin("toString")).toBeUndefined();
    expect(isPluginId("reaction_roles")).toBe(true);
    expect(isPluginId("Reaction_Roles")).toBe(false);
    expect(isPluginId(42)).toBe(false);
    const groups = pluginsByCategory();
    expect(Object.keys(groups)).toEqual([...CATEGORIES]);
    for (const category of CATEGORIES) expect(groups[category].map((plugin) => plugin.id)).toEqual(EXPECTED_IDS[category]);
    groups.fun.pop();
    expect(pluginsByCategory().fun).toHaveLength(EXPECTED_IDS.fun.length);
  });

  it("has exactly the collections of spec 7", () => {
    expect(collectionEntries().map((entry) => entry.key).sort()).toEqual([...EXPECTED_COLLECTIONS].sort());
  });
});

describe.each(PLUGINS.map((plugin) => [plugin.id, plugin] as const))("plugin %s", (id, plugin: PluginDefinition) => {
  it("has a strict config schema whose defaults are the initial config", () => {
    const initial = plugin.configSchema.parse({});
    expect(plugin.configSchema.parse(initial)).toEqual(initial);
    expect(plugin.configSchema.parse(JSON.parse(JSON.stringify(initial)))).toEqual(initial);
    // Every field has a default: nothing is required in the input.
    expect(inputSchema(plugin.configSchema).required ?? []).toEqual([]);
    expect(plugin.configSchema.safeParse({ ...initial, not_a_field: true }).success).toBe(false);
  });

  it("bounds every string, number and list, and keeps every object strict", () => {
    expect(boundProblems(plugin.configSchema)).toEqual([]);
    for (const collection of Object.values(plugin.collections)) expect(boundProblems(collection.itemSchema)).toEqual([]);
  });

  it("draws channel and role ids with their builders", () => {
    expect(referenceProblems(plugin.configSchema)).toEqual([]);
    for (const collection of Object.values(plugin.collections)) expect(referenceProblems(collection.itemSchema)).toEqual([]);
  });

  it("has a name, a description and a label for every field, option and collection", () => {
    const messages = messagesOf(MESSAGES, id);
    expect(typeof messages?.name).toBe("string");
    expect(typeof messages?.description).toBe("string");
    expect(labelProblems(plugin.configSchema, messagesOf(messages, "fields"), id)).toEqual([]);
    for (const [name, collection] of Object.entries(plugin.collections)) {
      const collectionMessages = messagesOf(messages, "collections", name);
      for (const key of ["title", "add", "empty"]) expect(typeof collectionMessages?.[key]).toBe("string");
      expect(labelProblems(collection.itemSchema, messagesOf(collectionMessages, "fields"), `${id}/${name}`)).toEqual([]);
    }
    expect(Object.keys(messagesOf(messages, "collections") ?? {}).sort()).toEqual(Object.keys(plugin.collections).sort());
  });
});

describe.each(collectionEntries().map((entry) => [entry.key, entry] as const))("collection %s", (key, { collection }) => {
  it("has a strict item schema, sane limits and a title field", () => {
    expect(inputSchema(collection.itemSchema).additionalProperties).toBe(false);
    expect(Number.isInteger(collection.limits.free) && collection.limits.free > 0).toBe(true);
    expect(Number.isInteger(collection.limits.premium) && collection.limits.premium >= collection.limits.free).toBe(true);
    expect(collection.limits.premium).toBeLessThanOrEqual(1000);
    expect(types(properties(inputSchema(collection.itemSchema))[collection.titleField] ?? {})).toContain("string");
  });

  it("accepts a realistic item and refuses unknown keys", () => {
    const sample = SAMPLE_ITEMS[key];
    expect(sample).toBeDefined();
    const parsed = collection.itemSchema.safeParse(sample);
    expect(parsed.error?.issues ?? []).toEqual([]);
    expect(collection.itemSchema.parse(parsed.data)).toEqual(parsed.data);
    expect(collection.itemSchema.safeParse({ ...sample, id: "x" }).success).toBe(false);
    const required = (inputSchema(collection.itemSchema).required ?? []) as string[];
    expect(collection.itemSchema.safeParse({}).success).toBe(required.length === 0);
  });
});

describe("plugin messages", () => {
  it("names the four categories and nothing but known plugins", () => {
    expect(Object.keys(messagesOf(MESSAGES, "categories") ?? {})).toEqual([...CATEGORIES]);
    expect(Object.keys(MESSAGES).filter((key) => key !== "categories").sort()).toEqual([...PLUGIN_IDS].sort());
  });

  it("uses next-intl-safe keys and plain ICU text without placeholders", () => {
    const strings: string[] = [];
    const collect = (node: unknown, at: string) => {
      if (typeof node === "string") return strings.push(at);
      if (!isObject(node)) throw new Error(`${at}: not a string or object`);
      for (const [key, child] of Object.entries(node)) {
        // next-intl reads "." as nesting, so a dotted key could never be looked up.
        expect(key).not.toContain(".");
        collect(child, at ? `${at}.${key}` : key);
      }
    };
    collect(MESSAGES, "");
    const errors: string[] = [];
    const t = createTranslator({ locale: "en", messages: { plugins: MESSAGES }, namespace: "plugins", onError: (error) => errors.push(error.message) });
    for (const key of strings) {
      const raw = key.split(".").reduce<unknown>((at, part) => (isObject(at) ? at[part] : undefined), MESSAGES);
      // No template variables and no ICU arguments: the formatted text is the text as written.
      expect(t(key as never)).toBe(raw);
      expect(raw).not.toMatch(/[{}]/);
    }
    expect(errors).toEqual([]);
    expect(strings.length).toBeGreaterThan(500);
  });
});
