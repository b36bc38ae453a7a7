/** @jest-environment node */
// Every string a plugin accepts from outside is the shared inputText type: the test walks
// each plugin's config and item schemas, and the params, query and body of every plugin
// endpoint, finds every place a string can go, and proves NUL and a lone surrogate are
// refused there, by that field's own schema and by the whole schema, naming the field.
import type { z } from "zod";
import { guildSettingsPatch } from "@/lib/guilds/guild-settings";
import { settingsFileSchema } from "@/lib/settings-transfer/settings-file";
import { messageSchema } from "@/lib/platform-messages/schema";
import { NUL_ISSUE, SURROGATE_ISSUE, WELL_FORMED_TEXT } from "@/lib/validation/text";
import { PLUGINS } from "./index";
import { PLUGIN_ENDPOINTS } from "./server";

type Def = {
  type: string;
  checks?: unknown[];
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
  keyType?: z.ZodType;
  valueType?: z.ZodType;
  left?: z.ZodType;
  right?: z.ZodType;
  items?: z.ZodType[];
  rest?: z.ZodType | null;
  catchall?: z.ZodType;
};
const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

const RECORD_KEYS = ["key", "123456789012345678"];

/** A place a string can go: the schema that parses it and its path (numbers: the first element of an array). */
type Slot = { path: Array<string | number>; schema: z.ZodType; key?: true };

/** Every slot of a schema that accepts a string. `unknown`, `any` and `custom` count: they accept one unchecked. */
function stringSlots(schema: z.ZodType, path: Slot["path"] = [], found: Slot[] = []): Slot[] {
  const def = defOf(schema);
  switch (def.type) {
    case "string":
    case "unknown":
    case "any":
    case "custom":
      found.push({ path, schema });
      break;
    case "object":
      for (const [key, child] of Object.entries(def.shape ?? {})) stringSlots(child, [...path, key], found);
      if (def.catchall && defOf(def.catchall).type !== "never") stringSlots(def.catchall, [...path, "extra"], found);
      break;
    case "array":
      stringSlots(def.element!, [...path, 0], found);
      break;
    case "record": {
      // Values are only parsed under a key the key schema accepts.
      const key = RECORD_KEYS.find((candidate) => def.keyType!.safeParse(candidate).success) ?? "key";
      found.push({ path: [...path, key], schema: def.keyType!, key: true });
      stringSlots(def.valueType!, [...path, key], found);
      break;
    }
    case "tuple":
      def.items?.forEach((item, index) => stringSlots(item, [...path, index], found));
      if (def.rest) stringSlots(def.rest, [...path, def.items?.length ?? 0], found);
      break;
    case "union":
      for (const option of def.options ?? []) stringSlots(option, path, found);
      break;
    case "intersection":
      stringSlots(def.left!, path, found);
      stringSlots(def.right!, path, found);
      break;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
    case "nonoptional":
      stringSlots(def.innerType!, path, found);
      break;
    case "pipe":
      // What comes from outside is what the pipe's input side parses.
      stringSlots(def.in!, path, found);
      break;
  }
  return found;
}

/** The value with `bad` at `path`, building the objects and arrays on the way. */
function placed(path: Slot["path"], bad: string): unknown {
  const [head, ...rest] = path;
  if (head === undefined) return bad;
  const inner = placed(rest, bad);
  return typeof head === "number" ? [inner] : { [head]: inner };
}

type Issue = { path: PropertyKey[]; message: string; errors?: Issue[][] };

/** Every issue with its full path, the branches of failed unions included. */
function flatIssues(issues: Issue[], prefix: PropertyKey[] = []): Array<{ path: string; message: string }> {
  return issues.flatMap((issue) => {
    const path = [...prefix, ...issue.path];
    return [{ path: path.map(String).join("."), message: issue.message }, ...(issue.errors ?? []).flatMap((branch) => flatIssues(branch, path))];
  });
}

const BAD = [
  ["NUL", "a\u0000b", NUL_ISSUE],
  ["a lone surrogate", "a\uD800b", SURROGATE_ISSUE],
] as const;

const SCHEMAS: Array<[string, z.ZodType]> = [
  ...PLUGINS.flatMap((plugin) => [
    [`${plugin.id} config`, plugin.configSchema] as [string, z.ZodType],
    ...Object.entries(plugin.collections).map(([name, collection]) => [`${plugin.id}/${name} item`, collection.itemSchema] as [string, z.ZodType]),
  ]),
  ...PLUGIN_ENDPOINTS.flatMap((endpoint) =>
    (["params", "query", "body"] as const).flatMap((part) => (endpoint[part] ? [[`${endpoint.method} ${endpoint.path} ${part}`, endpoint[part] as z.ZodType] as [string, z.ZodType]] : [])),
  ),
  ["guild settings PATCH", guildSettingsPatch],
  ["settings file", settingsFileSchema],
  ["message", messageSchema],
];

/**
 * The settings file holds configs, items and settings as plain JSON (z.unknown()): import parses
 * each with its plugin's schema or guildSettingsPatch, all walked here, before anything is kept.
 */
const deferred = (name: string, slot: Slot) => name === "settings file" && defOf(slot.schema).type === "unknown";

const SLOTS = SCHEMAS.flatMap(([name, schema]) =>
  stringSlots(schema)
    .filter((slot) => !deferred(name, slot))
    .map((slot) => [`${name}: ${slot.path.join(".") || "(root)"}`, name, schema, slot] as const),
);

it("finds the string fields of every plugin (the walk reaches into lists, unions and embeds)", () => {
  const paths = new Set(SLOTS.map(([label]) => label));
  expect(SLOTS.length).toBeGreaterThan(150);
  expect(paths).toContain("guild_embeds/embeds item: embeds.0.fields.0.name");
  expect(paths).toContain("moderator/rules item: words.0");
  expect(paths).toContain("giveaways/giveaways item: ends_at");
  expect(paths).toContain(`PATCH /timers/:guildId/:itemId params: itemId`);
});

describe.each(SLOTS)("%s", (_label, _name, schema, slot) => {
  it("is the shared inputText type", () => {
    expect(defOf(slot.schema).checks ?? []).toContain(WELL_FORMED_TEXT);
  });

  it.each(BAD)("refuses %s, naming the field", (_what, bad, message) => {
    const own = slot.schema.safeParse(bad);
    expect(own.success).toBe(false);
    expect(flatIssues(own.error!.issues as Issue[]).map((issue) => issue.message)).toContain(message);
    if (slot.key) return; // a record key's issue sits on the key itself, checked just above
    const whole = schema.safeParse(placed(slot.path, bad));
    expect(whole.success).toBe(false);
    expect(flatIssues(whole.error!.issues as Issue[])).toContainEqual({ path: slot.path.join("."), message });
  });
});
