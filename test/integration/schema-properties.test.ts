/** @jest-environment node */
// Property tests of every plugin config schema and collection item schema through the
// HTTP handlers: whatever the body, the answer is 2xx or a 4xx envelope (never 5xx),
// and whatever ends up stored still passes the plugin's own schema.
import fc from "fast-check";
import type { z } from "zod";
import { resetEnvCache } from "@/lib/env";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { PLUGINS } from "@/lib/plugins/index";
import type { CollectionDefinition, PluginDefinition } from "@/lib/plugins/types";
import { collectionPath, fillPath, isEnvelope, itemData, pluginCall, readBody } from "@/test/api";
import { startEmulatorHarness, type EmulatorHarness } from "@/test/emulator-harness";
import { GUILD_IDS, guildRefs } from "@/test/guild-harness";
import { startSocialHarness, type SocialHarness } from "@/test/social-harness";
import { sampleItems } from "@/test/plugin-samples";
import type { CookieJar } from "@/test/route-client";
import { addScratchGuild, setBuffs } from "@/test/scratch-guild";
import { signedInJar } from "@/test/sign-in";

type Json = Record<string, unknown>;
type Guild = { id: string; ids: string[]; samples: Record<string, Json> };

let harness: EmulatorHarness;
let social: SocialHarness;
let ada: CookieJar;
const guilds: Record<"free" | "premium", Guild> = {} as never;

beforeAll(async () => {
  process.env.RATE_LIMIT_WRITES_PER_MINUTE = "100000";
  process.env.RATE_LIMIT_READS_PER_MINUTE = "100000";
  harness = await startEmulatorHarness();
  social = await startSocialHarness();
  resetEnvCache();
  ada = await signedInJar(harness);
  for (const kind of ["free", "premium"] as const) {
    // A guild of this file's own (a copy of workshop), so stored state and limits are ours alone.
    const id = addScratchGuild(harness, "workshop");
    if (kind === "premium") await setBuffs(id, ["premium"]);
    const pickers = await getGuildPickers(id);
    // Real ids of every kind (text, voice, category, @everyone, managed roles) and another guild's.
    const ids = [...pickers.channels.map((channel) => channel.id), ...pickers.roles.map((role) => role.id), (await guildRefs(GUILD_IDS.workshop)).channel];
    guilds[kind] = { id, ids, samples: sampleItems({ ...(await guildRefs(id)), social: social.url }) };
  }
});
afterAll(() => Promise.all([harness.stop(), social.stop()]));

const HUGE = "x".repeat(100_000);
const deepArray = (depth: number): unknown => (depth === 0 ? [] : [deepArray(depth - 1)]);
const BAD_SNOWFLAKES = ["0", "1".repeat(21), "18446744073709551616", "99999999999999999999", "12345678901234567a", "-12345678901234567", " 123456789012345678", "123456789012345678\n", "1e18"];
const ODD_VALUES = [HUGE, "", " ", "NaN", "Infinity", "-0", "1e308", "__proto__", "constructor", "toString", null, true, false, 0, -1, 1e308, -1e308, 2 ** 53 + 2, 0.5, deepArray(50), [null], {}];

/** Values of every wrong (and some right) type: JSON, edge numbers, odd strings, ids of the guild and of others. */
const anyValue = (guild: Guild) =>
  fc.oneof(fc.jsonValue({ maxDepth: 3 }), fc.constantFrom(...ODD_VALUES), fc.constantFrom(...BAD_SNOWFLAKES), fc.constantFrom(...guild.ids), fc.array(fc.constantFrom(...guild.ids, ...BAD_SNOWFLAKES), { maxLength: 30 }));

/** Raw JSON texts with a key the object parser treats specially or a number JSON.stringify cannot write. */
const specialTexts = (keys: string[], base: Json) =>
  fc.tuple(fc.constantFrom(...keys), fc.constantFrom("1e309", "-1e309", "-0", "1e308", "5e-324", '"NaN"', "123456789012345678901234567890")).chain(([key, number]) =>
    fc.constantFrom(
      `{"${key}": ${number}}`,
      JSON.stringify({ ...base }).replace(/^\{/, `{"__proto__": {"${key}": ${number}}, `),
      JSON.stringify({ ...base }).replace(/^\{/, `{"constructor": {"prototype": {"${key}": 1}}, `),
      `{"__proto__": ${JSON.stringify(base)}}`,
      `{"${key}": ${"[".repeat(50)}${"]".repeat(50)}}`,
    ),
  );

/** Request bodies (as JSON text) for a schema whose valid object is `base`. */
function bodies(keys: string[], base: Json, guild: Guild, partial: boolean): fc.Arbitrary<string> {
  const value = anyValue(guild);
  const mixed = fc.record(Object.fromEntries(keys.map((key) => [key, fc.oneof(fc.constant(base[key]), value)])), { requiredKeys: [] });
  return fc.oneof(
    fc.jsonValue().map((json) => JSON.stringify(json)),
    mixed.map((record) => JSON.stringify(partial ? record : { ...base, ...record })),
    fc.tuple(fc.constantFrom(...keys), value).map(([key, bad]) => JSON.stringify({ ...(partial ? {} : base), [key]: bad })),
    fc.tuple(fc.string(), value).map(([key, bad]) => JSON.stringify({ ...base, [key]: bad })),
    specialTexts(keys, partial ? {} : base),
    fc.constant(JSON.stringify(partial ? {} : base)),
  );
}

/** 2xx, or 4xx with the error envelope; never 5xx. Returns the parsed body. */
async function answered(response: Response): Promise<Json> {
  const body = await readBody(response);
  if (response.status >= 500 || response.status < 200 || (response.status >= 300 && response.status < 400)) {
    throw new Error(`answered ${response.status}: ${JSON.stringify(body).slice(0, 500)}`);
  }
  if (response.status >= 400 && !isEnvelope(body, response.status)) throw new Error(`${response.status} without the error envelope: ${JSON.stringify(body).slice(0, 500)}`);
  return body as Json;
}

/** Re-validates a stored object with its schema and checks the round trip is stable. */
function revalidate(schema: z.ZodObject, stored: Json, what: string) {
  const result = schema.safeParse(stored);
  if (!result.success) throw new Error(`stored ${what} no longer passes its schema: ${result.error.issues[0]?.path.join(".")} ${result.error.issues[0]?.message}`);
  expect(result.data).toEqual(stored);
}

const COLLECTIONS = PLUGINS.flatMap((plugin: PluginDefinition) => Object.entries(plugin.collections).map(([name, definition]) => [`${plugin.id}/${name}`, plugin, name, definition] as const));
const KINDS = [["free", 15], ["premium", 4]] as const;

describe.each(KINDS)("%s guild", (kind, numRuns) => {
  const guild = () => guilds[kind];

  it.each(PLUGINS.map((plugin) => [plugin.id, plugin as PluginDefinition] as const))("PATCH /%s/config/:guildId keeps a valid config", async (_id, plugin) => {
    const path = `/${plugin.id}/config/${guild().id}`;
    const base = plugin.configSchema.parse({}) as Json;
    await fc.assert(
      fc.asyncProperty(bodies([...Object.keys(plugin.configSchema.shape), "enabled"], base, guild(), true), async (text) => {
        await answered(await pluginCall(ada, "PATCH", path, { rawBody: text }));
        const state = await answered(await pluginCall(ada, "GET", path));
        expect(typeof state.enabled).toBe("boolean");
        revalidate(plugin.configSchema, state.config as Json, `${plugin.id} config`);
        if (plugin.premium && kind === "free") expect(state.enabled).toBe(false);
      }),
      { numRuns },
    );
  });

  it.each(COLLECTIONS)("POST %s keeps every stored item valid", async (key, plugin, name, definition) => {
    const values = { guildId: guild().id };
    const base = guild().samples[key]!;
    await fc.assert(
      fc.asyncProperty(bodies(Object.keys(definition.itemSchema.shape), base, guild(), false), async (text) => {
        const created = await answered(await pluginCall(ada, "POST", fillPath(collectionPath(plugin.id, name, "POST", false), values), { rawBody: text }));
        if (typeof created.id === "string") {
          revalidate(definition.itemSchema, itemData(created), key);
          const removed = await pluginCall(ada, "DELETE", fillPath(collectionPath(plugin.id, name, "DELETE", true), { ...values, itemId: created.id }));
          expect(removed.status).toBe(204);
        }
        await expectStoredItemsValid(plugin, name, definition, values.guildId);
      }),
      { numRuns },
    );
  });

  it.each(COLLECTIONS)("PATCH %s/:itemId with partial bodies keeps the item valid", async (key, plugin, name, definition) => {
    const guildId = guild().id;
    const base = guild().samples[key]!;
    const created = await answered(await pluginCall(ada, "POST", fillPath(collectionPath(plugin.id, name, "POST", false), { guildId }), { body: base }));
    const itemPath = fillPath(collectionPath(plugin.id, name, "PATCH", true), { guildId, itemId: created.id as string });
    await fc.assert(
      fc.asyncProperty(bodies(Object.keys(definition.itemSchema.shape), base, guild(), true), async (text) => {
        await answered(await pluginCall(ada, "PATCH", itemPath, { rawBody: text }));
        const item = await answered(await pluginCall(ada, "GET", itemPath));
        revalidate(definition.itemSchema, itemData(item), key);
      }),
      { numRuns },
    );
    expect((await pluginCall(ada, "DELETE", itemPath)).status).toBe(204);
    await expectStoredItemsValid(plugin, name, definition, guildId);
  });
});

async function expectStoredItemsValid(plugin: PluginDefinition, name: string, definition: CollectionDefinition, guildId: string) {
  const list = await answered(await pluginCall(ada, "GET", `${fillPath(collectionPath(plugin.id, name, "GET", false), { guildId })}?limit=100`));
  expect(list.total).toBeLessThanOrEqual(list.max as number);
  for (const item of list.items as Json[]) revalidate(definition.itemSchema, itemData(item), `${plugin.id}/${name}`);
}

describe("path parameters", () => {
  it("answers any guild or item id segment with a 4xx envelope", async () => {
    const segment = fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom(...BAD_SNOWFLAKES, "00000000000000000", GUILD_IDS.lofi, GUILD_IDS.pixelRaiders));
    await fc.assert(
      fc.asyncProperty(segment, segment, async (guildId, itemId) => {
        for (const path of [`/welcome/config/${guildId}`, `/commands/guilds/${guildId}/commands/${itemId}`, `/timers/${guildId}/${itemId}`]) {
          const response = await pluginCall(ada, "GET", path);
          await answered(response);
          expect(response.status).toBeGreaterThanOrEqual(400);
        }
      }),
      { numRuns: 40 },
    );
  });
});
