import "server-only";
import { and, asc, eq } from "drizzle-orm";
import type { z } from "zod";
import type { Db } from "@/lib/db/client";
import { pluginItems } from "@/lib/db/schema";
import { ApiError } from "@/lib/http/api-error";
import { collectionLimit, limitWithPremium } from "@/lib/plugins/collection-limit";
import { isPastIssue } from "@/lib/plugins/fields";
import { getPlugin, PLUGINS } from "@/lib/plugins/index";
import { createItems, deleteItem, queryItems, type ItemScope } from "@/lib/plugins/items";
import { unmetNeeds } from "@/lib/plugins/needed-fields";
import { assertNeedsMet } from "@/lib/plugins/needs-check";
import { readAllPluginStates, readPluginState, writePluginState } from "@/lib/plugins/plugin-states";
import { assertPremiumAllowed, checkReferences, type WriteTarget } from "@/lib/plugins/rules";
import type { GuildAccess } from "@/lib/guilds/access";
import { guildSettingsPatch, settingsView, updateGuildSettings } from "@/lib/guilds/guild-settings";
import { getGuildPickers } from "@/lib/guilds/pickers";
import { readGuildSettings } from "@/lib/guilds/settings-queries";
import { collectionChange, pluginChange, settingsChange } from "./import-diff";
import { Remapper } from "./remap";
import { SETTINGS_FILE_FORMAT, settingsFileSchema, type ImportPlan, type PlannedPlugin, type SettingsFile } from "./settings-file";

/** An item the import creates: every need is checked, as nothing was there before. */
const NEW_ITEM = { enabled: true, values: null };

const EXPORTED_SETTINGS = ["activePrefix", "application_commands_enabled", "application_commands_localized", "default_embed_color", "ignored_channel_ids", "onboarding", "locale", "timezone"] as const;

export async function exportSettings(db: Db, access: GuildAccess): Promise<SettingsFile> {
  const [pickers, states, settings] = await Promise.all([getGuildPickers(access.guildId), readAllPluginStates(db, access.guildId), readGuildSettings(db, access.guildId)]);
  const collections: SettingsFile["collections"] = {};
  for (const plugin of PLUGINS) {
    for (const name of Object.keys(plugin.collections)) {
      const { items } = await queryItems(db, { guildId: access.guildId, pluginId: plugin.id, collection: name }, { limit: 1000, offset: 0 });
      if (items.length > 0) collections[`${plugin.id}/${name}`] = items.map((item) => item.data);
    }
  }
  return {
    format: SETTINGS_FILE_FORMAT,
    version: 1,
    exported_at: new Date().toISOString(),
    guild: { id: access.guild.id, name: access.guild.name },
    channels: Object.fromEntries(pickers.channels.map((channel) => [channel.id, { name: channel.name, type: channel.type }])),
    roles: Object.fromEntries(pickers.roles.map((role) => [role.id, { name: role.name }])),
    settings: settingsView(settings),
    plugins: Object.fromEntries(Object.entries(states).map(([id, state]) => [id, { enabled: state.enabled, config: state.config }])),
    collections,
  };
}

type Prepared = {
  plan: ImportPlan;
  plugins: Array<{ id: string; enabled: boolean; config: Record<string, unknown> }>;
  collections: Array<{ pluginId: string; collection: string; items: Record<string, unknown>[] }>;
  settings: z.infer<typeof guildSettingsPatch>;
};

/**
 * Validates the file and maps its channel and role ids onto this guild by name; nothing is written.
 * What it would write then passes the same checks as every other write (premium, references).
 */
export async function prepareImport(db: Db, access: GuildAccess, raw: unknown): Promise<Prepared> {
  const parsed = settingsFileSchema.safeParse(raw);
  if (!parsed.success) throw invalidFile(`This is not a Guildhall settings file (${parsed.error.issues[0]?.path.join(".") || "format"}: ${parsed.error.issues[0]?.message}).`);
  const file = parsed.data;
  const remap = new Remapper(file, await getGuildPickers(access.guildId));

  // Ids matched by name still pass the checks of every write: a role the bot must give may sit
  // above the bot in this server, an uploaded image may belong to the other server.
  const check = (target: WriteTarget, value: unknown, at: string) => checkReferences(db, access.guildId, target, value, { what: "settings file", at });

  const plugins: Prepared["plugins"] = [];
  const states = await readAllPluginStates(db, access.guildId);
  for (const [id, fileEntry] of Object.entries(file.plugins)) {
    const plugin = getPlugin(id);
    if (!plugin) throw invalidFile(`The file contains an unknown plugin "${id}".`);
    // A plugin its own actions turn on (the custom bot, set up with its token) stays as it is here.
    const entry = plugin.ownSwitch ? { ...fileEntry, enabled: states[id]!.enabled } : fileEntry;
    const config = validate(plugin.configSchema, remap.apply(plugin.configSchema, entry.config), `plugins.${id}`);
    if (entry.enabled || JSON.stringify(config) !== JSON.stringify(plugin.configSchema.parse({}))) {
      if (!plugin.premium || entry.enabled) assertPremiumAllowed(plugin, plugin.configSchema, config, access.premium);
    }
    await check({ plugin }, config, `plugins.${id}`);
    // Refused now rather than when applied: the plan would promise a write that cannot happen.
    const current = states[id]!;
    assertNeedsMet(plugin, undefined, { enabled: current.enabled, values: current.config }, { enabled: entry.enabled, values: config }, `plugins.${id}`);
    plugins.push({ id, enabled: entry.enabled, config });
  }

  const skipped: ImportPlan["skipped"] = [];
  const collections: Prepared["collections"] = [];
  for (const [key, items] of Object.entries(file.collections)) {
    const [pluginId = "", collection = ""] = key.split("/");
    const plugin = getPlugin(pluginId);
    const definition = plugin?.collections[collection];
    if (!plugin || !definition) throw invalidFile(`The file contains an unknown collection "${key}".`);
    const mapped: Record<string, unknown>[] = [];
    const lacksNeeds = (values: Record<string, unknown>) => unmetNeeds(definition.itemSchema, NEW_ITEM, { enabled: true, values }).length > 0;
    for (const [index, saved] of items.entries()) {
      // Files exported before an item's shape changed import in today's shape.
      const item = definition.upgrade?.(saved) ?? saved;
      const remapped = definition.itemSchema.safeParse(remap.apply(definition.itemSchema, item));
      if (!remapped.success) {
        // Valid in the file but not after matching (it needs a channel or role this server lacks), or over
        // by now (a giveaway that has ended): it cannot be created here, and the rest of the file still can.
        const original = definition.itemSchema.safeParse(item);
        const ended = !original.success && original.error.issues.some(isPastIssue);
        if (original.success || original.error.issues.every(isPastIssue)) {
          skipped.push({ collection: key, title: String(item[definition.titleField] ?? index + 1), reason: ended ? "ended" : "unmatched" });
          continue;
        }
      }
      // An option whose channel or role found no match here lacks what it needs: skipped like an item that fails to match.
      if (remapped.success && lacksNeeds(remapped.data) && !lacksNeeds(item)) {
        skipped.push({ collection: key, title: String(item[definition.titleField] ?? index + 1), reason: "unmatched" });
        continue;
      }
      const value = validate(definition.itemSchema, remapped.success ? remapped.data : remap.apply(definition.itemSchema, item), `collections.${key}.${index}`);
      assertNeedsMet(plugin, collection, NEW_ITEM, { enabled: true, values: value }, `collections.${key}.${index}`);
      assertPremiumAllowed(plugin, definition.itemSchema, value, access.premium);
      await check({ plugin, collection }, value, `collections.${key}.${index}`);
      mapped.push(value);
    }
    const limit = collectionLimit(definition, access.buffs);
    if (mapped.length > limit) throw new ApiError(403, limitWithPremium(definition, access.buffs) > limit ? "premium_limit_reached" : "limit_reached", `${key} has ${mapped.length} items; this server can hold ${limit}.`);
    collections.push({ pluginId, collection, items: mapped });
  }

  const settingsInput = Object.fromEntries(EXPORTED_SETTINGS.filter((key) => key in file.settings).map((key) => [key, file.settings[key]]));
  const settingsResult = guildSettingsPatch.safeParse({
    ...settingsInput,
    ...(Array.isArray(settingsInput.ignored_channel_ids) && { ignored_channel_ids: remap.channelList(settingsInput.ignored_channel_ids) }),
  });
  if (!settingsResult.success) throw invalidFile(`The server settings in the file are invalid (${settingsResult.error.issues[0]?.path.join(".")}).`);
  await check("guild", settingsResult.data, "settings");

  const changes = await planChanges(db, access.guildId, { plugins, collections, settings: settingsResult.data });
  return { plan: { ...changes, unmatched: remap.unmatched(), skipped }, plugins, collections, settings: settingsResult.data };
}

/** The plugins, lists and server settings the prepared import would change, read against what is stored now. */
async function planChanges(db: Db, guildId: string, next: Omit<Prepared, "plan">): Promise<Pick<ImportPlan, "plugins" | "settings">> {
  const [states, stored] = await Promise.all([readAllPluginStates(db, guildId), readGuildSettings(db, guildId)]);
  const byPlugin = new Map<string, PlannedPlugin>();
  const entry = (id: string): PlannedPlugin => {
    if (!byPlugin.has(id)) byPlugin.set(id, { id, settings: [], collections: [] });
    return byPlugin.get(id)!;
  };
  for (const { id, enabled, config } of next.plugins) {
    const change = pluginChange(states[id]!, { enabled, config });
    if (change) Object.assign(entry(id), change);
  }
  for (const { pluginId, collection, items } of next.collections) {
    const existing = await storedItems(db, { guildId, pluginId, collection });
    const change = collectionChange(existing.map((item) => item.data), items, plugin(pluginId).collections[collection]!.titleField);
    if (change) entry(pluginId).collections.push({ name: collection, ...change });
  }
  // In the registry's order, as every list of plugins on the dashboard.
  const plugins = PLUGINS.flatMap((definition) => byPlugin.get(definition.id) ?? []);
  return { plugins, settings: settingsChange(settingsView(stored), next.settings) };
}

/** Applies a prepared import in one transaction: every plugin, collection and setting, or nothing. */
export async function applyImport(db: Db, access: GuildAccess, prepared: Prepared): Promise<void> {
  await db.transaction(async (tx) => {
    const txDb = tx as unknown as Db;
    // Only what the file actually changes is written (and audited).
    for (const entry of prepared.plugins) {
      const plugin = getPlugin(entry.id)!;
      const current = await readPluginState(txDb, access.guildId, plugin);
      if (!pluginChange(current, entry)) continue;
      await writePluginState(txDb, { guildId: access.guildId, userId: access.userId, plugin, next: () => ({ enabled: entry.enabled, config: entry.config }), action: "settings.import" });
    }
    const writer = { userId: access.userId, buffs: access.buffs, action: "settings.import" as const };
    for (const entry of prepared.collections) {
      const scope = { guildId: access.guildId, pluginId: entry.pluginId, collection: entry.collection };
      const definition = plugin(entry.pluginId).collections[entry.collection]!;
      const existing = await storedItems(txDb, scope);
      if (!collectionChange(existing.map((item) => item.data), entry.items, definition.titleField)) continue;
      for (const item of existing) await deleteItem(txDb, scope, item.id, writer);
      if (entry.items.length > 0) await createItems(txDb, scope, definition, writer, entry.items);
    }
    const settings = settingsView(await readGuildSettings(txDb, access.guildId));
    if (settingsChange(settings, prepared.settings).length > 0) await updateGuildSettings(txDb, { guildId: access.guildId, userId: access.userId, patch: prepared.settings, action: "settings.import" });
  });
}

const plugin = (id: string) => getPlugin(id)!;

/** A collection's stored items in their list order. */
function storedItems(db: Db, scope: ItemScope) {
  return db
    .select({ id: pluginItems.id, data: pluginItems.data })
    .from(pluginItems)
    .where(and(eq(pluginItems.guildId, scope.guildId), eq(pluginItems.pluginId, scope.pluginId), eq(pluginItems.collection, scope.collection)))
    .orderBy(asc(pluginItems.position), asc(pluginItems.createdAt), asc(pluginItems.id));
}

function validate(schema: z.ZodObject, value: unknown, where: string): Record<string, unknown> {
  const result = schema.safeParse(value);
  if (!result.success) {
    const issue = result.error.issues[0];
    throw invalidFile(`The file has an invalid value at ${where}.${issue?.path.join(".")}: ${issue?.message}`);
  }
  return result.data as Record<string, unknown>;
}

function invalidFile(message: string): ApiError {
  return new ApiError(400, "invalid_settings_file", message);
}
