import "server-only";
import { cache } from "react";
import { and, eq, sql } from "drizzle-orm";
import { recordAudit, auditTarget, type AuditAction } from "@/lib/audit/record";
import { recordChanges } from "@/lib/bot-contract/record-change";
import { CustomBotError } from "@/lib/custom-bot/errors";
import { getDb, type Db, type Tx } from "@/lib/db/client";
import { guildPlugins } from "@/lib/db/schema";
import { versionConflict } from "@/lib/http/api-error";
import { sameValue } from "@/lib/json/same-value";
import { getPlugin, PLUGINS } from "./index";
import { assertNeedsMet } from "./needs-check";
import { isRecord } from "./schema-walk";
import type { PluginDefinition } from "./types";

export type PluginState = { enabled: boolean; config: Record<string, unknown>; version: number };

/**
 * The stored config read through today's schema: new fields get their defaults,
 * fields a later schema dropped or no longer accepts fall back to defaults.
 */
export function normalizeConfig(plugin: PluginDefinition, stored: unknown): Record<string, unknown> {
  const defaults = defaultsOf(plugin);
  if (!isRecord(stored)) return defaults;
  const whole = plugin.configSchema.safeParse({ ...defaults, ...pick(stored, Object.keys(defaults)) });
  if (whole.success) return whole.data as Record<string, unknown>;
  const merged = { ...defaults };
  for (const key of Object.keys(defaults)) {
    if (plugin.configSchema.safeParse({ ...defaults, [key]: stored[key] }).success) merged[key] = stored[key];
  }
  return merged;
}

/** A plugin's default config, parsed once per process (a fresh copy each time: callers change theirs). */
const defaultConfigs = new WeakMap<PluginDefinition, Record<string, unknown>>();
function defaultsOf(plugin: PluginDefinition): Record<string, unknown> {
  let defaults = defaultConfigs.get(plugin);
  if (!defaults) {
    defaults = plugin.configSchema.parse({}) as Record<string, unknown>;
    defaultConfigs.set(plugin, defaults);
  }
  return structuredClone(defaults);
}

function pick(record: Record<string, unknown>, keys: string[]): Record<string, unknown> {
  return Object.fromEntries(keys.filter((key) => key in record).map((key) => [key, record[key]]));
}

type Row = typeof guildPlugins.$inferSelect;

function toState(plugin: PluginDefinition, row: Row | undefined): PluginState {
  return row ? { enabled: row.enabled, config: normalizeConfig(plugin, row.config), version: row.version } : { enabled: false, config: normalizeConfig(plugin, {}), version: 0 };
}

export async function readPluginState(db: Db | Tx, guildId: string, plugin: PluginDefinition): Promise<PluginState> {
  const [row] = await db
    .select()
    .from(guildPlugins)
    .where(and(eq(guildPlugins.guildId, guildId), eq(guildPlugins.pluginId, plugin.id)))
    .limit(1);
  return toState(plugin, row);
}

export async function readAllPluginStates(db: Db, guildId: string): Promise<Record<string, PluginState>> {
  const rows = await db.select().from(guildPlugins).where(eq(guildPlugins.guildId, guildId));
  const byId = new Map(rows.map((row) => [row.pluginId, row]));
  return Object.fromEntries(PLUGINS.map((plugin) => [plugin.id, toState(plugin, byId.get(plugin.id))]));
}

/**
 * For server components: which plugins are switched on (the menu's dots, the overview's switches),
 * in one query shared by the frame and the page of a render. Their configs are not read: parsing
 * every plugin's config for a menu was most of a page's own work.
 */
export const getEnabledPlugins = cache(async (guildId: string): Promise<ReadonlySet<string>> => {
  const rows = await (await getDb())
    .select({ pluginId: guildPlugins.pluginId })
    .from(guildPlugins)
    .where(and(eq(guildPlugins.guildId, guildId), eq(guildPlugins.enabled, true)));
  return new Set(rows.map((row) => row.pluginId));
});

export async function getPluginState(guildId: string, pluginId: string): Promise<PluginState | null> {
  const plugin = getPlugin(pluginId);
  return plugin ? readPluginState(await getDb(), guildId, plugin) : null;
}

/** What a write stores: the plugin's whole state. */
export type NextPluginState = { enabled: boolean; config: Record<string, unknown> };

type WriteInput = {
  guildId: string;
  userId: string;
  plugin: PluginDefinition;
  /**
   * The state to store, computed from the stored one as locked for this write (so a change
   * of some fields is merged onto what other writers saved meanwhile); null when the write
   * changes nothing: no version, no audit row. It may throw to refuse the write.
   */
  next: (current: PluginState) => NextPluginState | null;
  /** The version the writer saw (If-Match); undefined merges onto whatever is stored. */
  expectedVersion?: number;
  action?: AuditAction;
};

/**
 * Writes a plugin's state, its audit row and its change for the bot in one transaction. The row is locked
 * first (SELECT … FOR UPDATE), so of two writers holding the same version exactly one
 * succeeds, and two writers of different fields without If-Match both keep their field.
 * A write that leaves a needed field empty is refused (UnmetNeedsError).
 */
export async function writePluginState(db: Db, input: WriteInput): Promise<PluginState> {
  const { guildId, plugin } = input;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(guildPlugins)
        .where(and(eq(guildPlugins.guildId, guildId), eq(guildPlugins.pluginId, plugin.id)))
        .for("update");
      const before = toState(plugin, current);
      if (input.expectedVersion !== undefined && input.expectedVersion !== before.version) throw versionConflict();
      const next = input.next(before);
      if (!next) return before;
      if (plugin.ownSwitch && next.enabled !== before.enabled) throw new CustomBotError("custom_bot_switch");
      // Against the locked row: whichever path writes (form, switch, revert, import), no need is left unmet by it.
      assertNeedsMet(plugin, undefined, { enabled: before.enabled, values: before.config }, { enabled: next.enabled, values: next.config });
      const values = { enabled: next.enabled, config: next.config, updatedAt: new Date(), updatedBy: input.userId };
      const [row] = current
        ? await tx
            .update(guildPlugins)
            .set({ ...values, version: sql`${guildPlugins.version} + 1` })
            .where(and(eq(guildPlugins.guildId, guildId), eq(guildPlugins.pluginId, plugin.id)))
            .returning()
        : await tx.insert(guildPlugins).values({ guildId, pluginId: plugin.id, ...values, version: 1 }).returning();
      const after = toState(plugin, row);
      await recordAudit(tx, {
        guildId,
        userId: input.userId,
        action: input.action ?? "plugin.update",
        target: auditTarget.plugin(plugin.id),
        before: { enabled: before.enabled, config: before.config },
        after: { enabled: after.enabled, config: after.config },
      });
      await recordChanges(tx, guildId, [{ kind: "plugin", pluginId: plugin.id, value: { enabled: after.enabled, config: after.config, version: after.version } }]);
      return after;
    });
  } catch (error) {
    // Two first writes racing on a missing row (nothing to lock yet): the loser hits the
    // primary key. Without If-Match it runs again, now merging onto the winner's row.
    if (isUniqueViolation(error) && input.expectedVersion === undefined) return writePluginState(db, input);
    if (isUniqueViolation(error)) throw versionConflict();
    throw error;
  }
}

/** `next` for a write of some config fields: merged onto the stored config, null when nothing changes. */
export function mergeConfig(plugin: PluginDefinition, changes: Record<string, unknown>, enabled?: boolean): (current: PluginState) => NextPluginState | null {
  return (current) => {
    const config = plugin.configSchema.parse({ ...current.config, ...changes }) as Record<string, unknown>;
    const on = enabled ?? current.enabled;
    return on === current.enabled && sameValue(config, current.config) ? null : { enabled: on, config };
  };
}

export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code ?? (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === "23505";
}
