/** @jest-environment node */
// Every field an option needs, across every plugin definition (FieldMeta.neededWhen): a write that
// leaves it empty is refused with 400 `validation_failed` naming it, whether the field is emptied
// or the option chosen without it, with the plugin off or on; filled in, the same write saves.
import { configFormSpec, itemFormSpec, type FormField } from "@/lib/plugins/form-spec";
import { PLUGINS } from "@/lib/plugins/index";
import { neededFields } from "@/lib/plugins/needed-fields";
import type { NeededOption, NeededWhen, PluginDefinition } from "@/lib/plugins/types";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { pluginCall, readBody, type Envelope } from "@/test/api";
import { guildRefs } from "@/test/guild-harness";
import { sampleItems } from "@/test/plugin-samples";
import { setBuffs } from "@/test/scratch-guild";
import { clearEnv, setEnv } from "@/test/set-env";
import { scratchGuildForThisBlock } from "@/test/sign-in";

type Json = Record<string, unknown>;
type Refs = { channel: string; voice: string; category: string; role: string };

const DEFINITIONS: readonly PluginDefinition[] = PLUGINS;
const scratch = scratchGuildForThisBlock("Needs everywhere");
const BUDGETS = ["RATE_LIMIT_WRITES_PER_MINUTE", "RATE_LIMIT_READS_PER_MINUTE"];
let refs: Refs;

beforeAll(async () => {
  setEnv(Object.fromEntries(BUDGETS.map((key) => [key, "100000"])));
  // Premium plugins (memberships, statistics, custom bot) are part of the sweep.
  await setBuffs(scratch.guild, ["premium"]);
  const [{ channel, role, voice }, pickers] = await Promise.all([guildRefs(scratch.guild), getGuildPickers(scratch.guild)]);
  const category = pickers.channels.find((item) => item.type === 4)?.id;
  if (!voice || !category) throw new Error("the scratch guild lacks a voice channel or a category");
  refs = { channel, voice, category, role };
});
afterAll(() => clearEnv(BUDGETS));

/**
 * The audit of every plugin definition: each option and the field it needs. "plugin" is the plugin
 * itself while it is on; "field=a|b" a mode; "field" a switch on or a field filled in.
 */
const EXPECTED = [
  "moderator.lockdown_message ← lockdown_channel_ids",
  "moderator/rules.words ← trigger=words",
  "moderator/rules.pattern ← trigger=regex",
  "moderator/rules.attachment_types ← trigger=attachments",
  "moderator/rules.timeout_minutes ← actions=timeout",
  "moderator/rules.alert_channel_id ← actions=alert",
  "welcome.join_channel_id ← join_enabled",
  "welcome.join_message ← join_enabled",
  "welcome.join_dm_message ← join_dm_enabled",
  "welcome.leave_channel_id ← leave_enabled",
  "welcome.leave_message ← leave_enabled",
  "statistics.members_counter_format ← members_counter_channel_id",
  "statistics.online_counter_format ← online_counter_channel_id",
  "statistics.boosts_counter_format ← boosts_counter_channel_id",
  "temporary_channels.creator_channel_id ← plugin",
  "temporary_channels.name_template ← plugin",
  ...["twitch", "twitter", "youtube", "reddit", "rss", "kick"].map((id) => `${id}.default_message ← plugin`),
  "levels.level_up_channel_id ← level_up_announcement=custom_channel",
  "levels.level_up_message ← level_up_announcement=current_channel|custom_channel|dm",
  "birthdays.announcement_channel_id ← plugin",
  "birthdays.announcement_message ← plugin",
  "blindtest.game_channel_id ← plugin",
  "giveaways.winner_message ← plugin",
  ...["podcasts", "tiktok", "instagram"].map((id) => `${id}.default_message ← plugin`),
  "ticketing.name_template ← plugin",
  "ticketing.open_message ← plugin",
  "achievements.announcement_message ← plugin",
  "achievements/trophies.threshold ← condition=messages_sent|voice_minutes|level_reached|days_in_server|invites|reactions_added",
  "achievements/trophies.required_role_id ← condition=role_held",
];

const describeNeed = (need: NeededWhen) => (need === true ? "plugin" : Array.isArray(need.is) ? `${need.field}=${need.is.join("|")}` : need.field);

function allNeeds() {
  return DEFINITIONS.flatMap((plugin) => [
    ...neededFields(plugin.configSchema).map(([field, need]) => ({ plugin, collection: undefined as string | undefined, field, need })),
    ...Object.entries(plugin.collections).flatMap(([collection, definition]) => neededFields(definition.itemSchema).map(([field, need]) => ({ plugin, collection, field, need }))),
  ]);
}

it("covers every option that needs another field, in every plugin definition", () => {
  expect(allNeeds().map(({ plugin, collection, field, need }) => `${plugin.id}${collection ? `/${collection}` : ""}.${field} ← ${describeNeed(need)}`)).toEqual(EXPECTED);
});

/** A value the bot can use, for a field drawn as `field`. */
function filled(field: FormField): unknown {
  const ids: Partial<Record<string, string>> = { channel: refs.channel, voice_channel: refs.voice, category_channel: refs.category, role: refs.role, channels: refs.channel, roles: refs.role, categories: refs.category, lockdown_channels: refs.channel };
  const id = field.ui ? ids[field.ui] : undefined;
  if (id) return field.type === "array" ? [id] : id;
  if (field.ui === "url") return "https://twitch.tv/ada_plays";
  if (field.type === "integer" || field.type === "number") return 10;
  // A list of plain words (an automod rule's words or file types): one both accept.
  if (field.type === "array") return ["exe"];
  // A channel name takes only its own variables (the temporary channels' and the tickets' share {user.name}).
  if (field.name === "name_template") return "Room of {user.name}";
  return "Hello {user.mention}";
}

/** Nothing at all, as the form sends an emptied field. */
function empty(field: FormField): unknown {
  if (field.type === "array") return [];
  return field.nullable ? null : "";
}

/** The values that choose the option, and one that does not. */
function optionValues(option: NeededOption, field: FormField): { on: unknown[]; off: unknown } {
  if (option.is === true) return { on: [true], off: false };
  if (option.is === "filled") return { on: [filled(field)], off: empty(field) };
  const modes = option.is;
  // A list of modes (an automod rule's actions) chooses the option when it holds one of them.
  if (field.type === "array") return { on: modes.map((mode) => [mode]), off: [field.itemOptions!.find((mode) => !modes.includes(mode))] };
  return { on: [...modes], off: field.options!.find((mode) => !modes.includes(mode)) };
}

/** Every needed field of the schema filled in. */
function allFilled(fields: readonly FormField[], needs: ReadonlyArray<[string, NeededWhen]>): Json {
  return Object.fromEntries(needs.map(([name]) => [name, filled(fields.find((field) => field.name === name)!)]));
}

async function expectRefused(response: Response, field: string) {
  const body = (await readBody(response)) as Envelope;
  expect({ status: response.status, code: body.code, paths: body.fields?.map((issue) => issue.path) }).toEqual({ status: 400, code: "validation_failed", paths: [field] });
}

async function expectSaved(response: Response, status = 200): Promise<Json> {
  const body = (await readBody(response)) as Json;
  if (response.status !== status) throw new Error(`expected ${status}, got ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

describe("plugin settings", () => {
  const configNeeds = DEFINITIONS.flatMap((plugin) => neededFields(plugin.configSchema).map(([field, need]) => ({ plugin, field, need })));

  it.each(configNeeds.map((entry) => [`${entry.plugin.id}.${entry.field}`, entry] as const))("%s", async (_name, { plugin, field, need }) => {
    const patch = (body: Json) => pluginCall(scratch.ada, "PATCH", `/${plugin.id}/config/${scratch.guild}`, { body });
    const fields = configFormSpec(plugin).fields;
    const spec = (name: string) => fields.find((candidate) => candidate.name === name)!;
    const base = allFilled(fields, neededFields(plugin.configSchema));
    const nothing = empty(spec(field));

    if (need === true) {
      await expectSaved(await patch({ enabled: false, ...base }));
      // Turned on without it…
      await expectRefused(await patch({ enabled: true, [field]: nothing }), field);
      await expectSaved(await patch({ enabled: true }));
      // …or emptied while on.
      await expectRefused(await patch({ [field]: nothing }), field);
      await expectSaved(await patch({ enabled: false }));
      return;
    }
    const { on, off } = optionValues(need, spec(need.field));
    for (const enabled of [false, true]) {
      for (const value of on) {
        await expectSaved(await patch({ enabled, ...base, [need.field]: value }));
        // Emptied while the option is chosen…
        await expectRefused(await patch({ [field]: nothing }), field);
        await expectSaved(await patch({ [need.field]: off, [field]: nothing }));
        // …or the option chosen while it is empty.
        await expectRefused(await patch({ [need.field]: value }), field);
      }
    }
    await expectSaved(await patch({ enabled: false, ...base }));
  });
});

describe("items", () => {
  const itemNeeds = DEFINITIONS.flatMap((plugin) =>
    Object.entries(plugin.collections).flatMap(([collection, definition]) => neededFields(definition.itemSchema).map(([field, need]) => ({ plugin, collection, field, need: need as NeededOption }))),
  );

  it.each(itemNeeds.map((entry) => [`${entry.plugin.id}/${entry.collection}.${entry.field}`, entry] as const))("%s", async (_name, { plugin, collection, field, need }) => {
    const path = plugin.collections[collection]!.path?.replace(":guildId", scratch.guild) ?? `/${plugin.id}/guilds/${scratch.guild}/${collection}`;
    const fields = itemFormSpec(plugin, collection).fields;
    const spec = (name: string) => fields.find((candidate) => candidate.name === name)!;
    const base = { ...sampleItems(refs)[`${plugin.id}/${collection}`], ...allFilled(fields, neededFields(plugin.collections[collection]!.itemSchema)) };
    const nothing = empty(spec(field));
    for (const value of optionValues(need, spec(need.field)).on) {
      // Created with the option and without what it needs…
      await expectRefused(await pluginCall(scratch.ada, "POST", path, { body: { ...base, [need.field]: value, [field]: nothing } }), field);
      const created = await expectSaved(await pluginCall(scratch.ada, "POST", path, { body: { ...base, [need.field]: value } }), 201);
      // …or emptied later.
      await expectRefused(await pluginCall(scratch.ada, "PATCH", `${path}/${created.id as string}`, { body: { [field]: nothing } }), field);
      expect((await pluginCall(scratch.ada, "DELETE", `${path}/${created.id as string}`)).status).toBe(204);
    }
  });
});
