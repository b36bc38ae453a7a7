// Tests only: calls the bot API's route handlers in-process as the gateway bot would: a bot key
// in the Authorization header, no cookies, JSON bodies. A signal lets a caller hang up mid-wait.
import { NextRequest } from "next/server";
import { GET as changesRoute } from "@/app/api/bot/v1/changes/route";
import { GET as configRoute } from "@/app/api/bot/v1/guilds/[guildId]/config/route";
import { POST as eventsRoute } from "@/app/api/bot/v1/events/route";
import type { Change, GuildConfig } from "@/lib/bot-contract/schemas";
import { APP_ORIGIN } from "./route-client";

type Handler = (req: NextRequest, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;

export type BotCallOptions = { key?: string; method?: string; body?: unknown; params?: Record<string, string>; signal?: AbortSignal; headers?: Record<string, string> };

export function botCall(handler: Handler, path: string, options: BotCallOptions = {}): Promise<Response> {
  const headers = new Headers(options.headers);
  if (options.key !== undefined) headers.set("authorization", `Bot ${options.key}`);
  const body = options.body === undefined ? undefined : new TextEncoder().encode(JSON.stringify(options.body));
  if (body && !headers.has("content-type")) headers.set("content-type", "application/json");
  const request = new NextRequest(new URL(path, APP_ORIGIN), { method: options.method ?? "GET", headers, body, signal: options.signal });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

async function ok<T>(response: Response): Promise<T> {
  const body = (await response.json()) as T;
  if (response.status !== 200) throw new Error(`bot API answered ${response.status}: ${JSON.stringify(body)}`);
  return body;
}

export const readConfig = async (key: string, guildId: string) => ok<GuildConfig>(await botCall(configRoute, `/api/bot/v1/guilds/${guildId}/config`, { key, params: { guildId } }));

export const readChangesPage = async (key: string, query: string, signal?: AbortSignal) => ok<{ changes: Change[]; cursor: string }>(await botCall(changesRoute, `/api/bot/v1/changes?${query}`, { key, signal }));

export const postEvents = (key: string | undefined, events: unknown[]) => botCall(eventsRoute, "/api/bot/v1/events", { key, method: "POST", body: { events } });

/** `config` (a snapshot) with `changes` applied in order, as a bot keeps it; version left as it was. */
export function applyChanges(config: GuildConfig, changes: readonly Change[]): GuildConfig {
  const next = structuredClone(config);
  const pluginOf = (id: string) => (next.plugins[id] ??= { enabled: false, config: {}, version: 0, collections: {} });
  for (const change of changes) {
    if (change.guild_id !== config.guild_id) continue;
    if (change.kind === "guild_settings") next.settings = change.value;
    else if (change.kind === "plugin") Object.assign(pluginOf(change.plugin_id), change.value);
    else {
      const collections = pluginOf(change.plugin_id).collections;
      const items = (collections[change.collection] ?? []).filter((item) => item.id !== change.item_id);
      if (change.kind !== "item_deleted") items.push(change.value);
      collections[change.collection] = items.sort((a, b) => a.position - b.position);
    }
  }
  return next;
}

/**
 * What a bot acts on in a snapshot: the settings, the plugins that are on (state and items) and
 * the items of those that are off. Not the version, the empty collections a snapshot may or may
 * not list, or the config of a plugin that is off (the change that turns it on brings it whole).
 */
export function configState(config: GuildConfig) {
  const plugins = Object.entries(config.plugins).flatMap(([id, plugin]): Array<[string, Record<string, unknown>]> => {
    const collections = Object.fromEntries(Object.entries(plugin.collections).filter(([, items]) => items.length > 0));
    if (plugin.enabled) return [[id, { ...plugin, collections }]];
    return Object.keys(collections).length > 0 ? [[id, { enabled: false, collections }]] : [];
  });
  return { guild_id: config.guild_id, settings: config.settings, plugins: Object.fromEntries(plugins) };
}
