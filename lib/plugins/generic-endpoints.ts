import "server-only";
import { NextResponse } from "next/server";
import { z } from "zod";
import type { Db } from "@/lib/db/client";
import { validationError } from "@/lib/http/api-error";
import { etag, expectedVersion } from "@/lib/http/etag";
import { sameValue } from "@/lib/json/same-value";
import { OVERVIEW_AREA } from "@/lib/guilds/page-cache-tag";
import { guildIdParams } from "@/lib/platform/snowflake";
import { endpoint, itemParams, type PluginEndpoint } from "./endpoint";
import { collectionLimit } from "./collection-limit";
import { createItems, deleteItem, getItem, itemResponse, queryItems, updateItem, type ItemScope } from "./items";
import { patchSchema } from "./patch-schema";
import { readPluginState, writePluginState, type PluginState } from "./plugin-states";
import { assertPremiumAllowed, checkReferences } from "./rules";
import type { CollectionDefinition, PluginDefinition } from "./types";

// The config and collection endpoints of spec 7, generated for every plugin of the registry.

const pageQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(50),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
});

function stateResponse(plugin: PluginDefinition, state: PluginState, status = 200) {
  return NextResponse.json({ id: plugin.id, enabled: state.enabled, config: state.config, version: state.version }, { status, headers: { ETag: etag(state.version) } });
}

export function configEndpoints(plugin: PluginDefinition): PluginEndpoint[] {
  const path = `/${plugin.id}/config/:guildId`;
  const body = patchSchema(plugin.configSchema).extend({ enabled: z.boolean().optional() });
  return [
    endpoint({
      method: "GET",
      path,
      plugin: plugin.id,
      params: guildIdParams,
      handler: async ({ db, params }) => stateResponse(plugin, await readPluginState(db, params.guildId, plugin)),
    }),
    endpoint({
      method: "PATCH",
      path,
      plugin: plugin.id,
      params: guildIdParams,
      body,
      handler: async ({ db, params, body, access, req, changesOnlyPagesOf }) => {
        const { enabled, ...changes } = body as Record<string, unknown> & { enabled?: boolean };
        let switched = false;
        if (enabled === true || Object.keys(changes).length > 0) assertPremiumAllowed(plugin, plugin.configSchema, changes, access.premium);
        if (Object.keys(changes).length > 0) await checkReferences(db, params.guildId, { plugin }, changes);
        // Merged onto the row as locked for this write: a concurrent save of other fields is kept.
        const state = await writePluginState(db, {
          guildId: params.guildId,
          userId: access.userId,
          plugin,
          next: (current) => {
            const config = plugin.configSchema.parse({ ...current.config, ...changes }) as Record<string, unknown>;
            const on = enabled ?? current.enabled;
            switched = on !== current.enabled;
            // A save that changes nothing writes no version and no audit entry.
            return on === current.enabled && sameValue(config, current.config) ? null : { enabled: on, config };
          },
          expectedVersion: expectedVersion(req),
        });
        // Switched on or off: the overview's switches too (the menu reads its dots itself, guild-menu.tsx).
        changesOnlyPagesOf(plugin.id, ...(switched ? [OVERVIEW_AREA] : []));
        return stateResponse(plugin, state);
      },
    }),
  ];
}

export function collectionEndpoints(plugin: PluginDefinition, name: string, definition: CollectionDefinition): PluginEndpoint[] {
  const base = `/${plugin.id}/guilds/:guildId/${name}`;
  const scope = (id: string): ItemScope => ({ guildId: id, pluginId: plugin.id, collection: name });
  const common = { plugin: plugin.id, collection: name };
  return [
    endpoint({
      method: "GET",
      path: base,
      ...common,
      params: guildIdParams,
      query: pageQuery,
      handler: async ({ db, params, query, access }) => {
        const { items, total } = await queryItems(db, scope(params.guildId), query);
        return { items: items.map(itemResponse), total, limit: query.limit, offset: query.offset, max: collectionLimit(definition, access.buffs) };
      },
    }),
    endpoint({
      method: "POST",
      path: base,
      ...common,
      params: guildIdParams,
      body: definition.itemSchema,
      handler: async ({ db, params, body, access, changesOnlyPagesOf }) => {
        changesOnlyPagesOf(plugin.id);
        const data = await checkedItem(db, { plugin, collection: name }, body as Record<string, unknown>, params.guildId, access.premium);
        const [item] = await createItems(db, scope(params.guildId), definition, { userId: access.userId, buffs: access.buffs }, [data]);
        return NextResponse.json(itemResponse(item!), { status: 201, headers: { ETag: etag(item!.version) } });
      },
    }),
    endpoint({
      method: "GET",
      path: `${base}/:itemId`,
      ...common,
      params: itemParams,
      handler: async ({ db, params }) => {
        const item = await getItem(db, scope(params.guildId), params.itemId);
        return NextResponse.json(itemResponse(item), { headers: { ETag: etag(item.version) } });
      },
    }),
    endpoint({
      method: "PATCH",
      path: `${base}/:itemId`,
      ...common,
      params: itemParams,
      body: patchSchema(definition.itemSchema),
      handler: async ({ db, params, body, access, req, changesOnlyPagesOf }) => {
        changesOnlyPagesOf(plugin.id);
        // Another guild's item, or none: 404 before anything else is looked at.
        await getItem(db, scope(params.guildId), params.itemId);
        const changes = body as Record<string, unknown>;
        assertPremiumAllowed(plugin, definition.itemSchema, changes, access.premium);
        await checkReferences(db, params.guildId, { plugin, collection: name }, changes);
        // Merged onto the item as locked for this write: a concurrent save of other fields is kept.
        const item = await updateItem(
          db,
          scope(params.guildId),
          params.itemId,
          { userId: access.userId, buffs: access.buffs },
          (current) => {
            // Rules across fields (a command needs a response or an embed) hold for the merged item: a 400, not a 500.
            const merged = definition.itemSchema.safeParse({ ...current.data, ...changes });
            if (!merged.success) throw validationError(merged.error, "body");
            const next = merged.data as Record<string, unknown>;
            return sameValue(next, current.data) ? null : next;
          },
          expectedVersion(req),
        );
        return NextResponse.json(itemResponse(item), { headers: { ETag: etag(item.version) } });
      },
    }),
    endpoint({
      method: "DELETE",
      path: `${base}/:itemId`,
      ...common,
      params: itemParams,
      handler: async ({ db, params, access, changesOnlyPagesOf }) => {
        changesOnlyPagesOf(plugin.id);
        await deleteItem(db, scope(params.guildId), params.itemId, { userId: access.userId, buffs: access.buffs });
        return new NextResponse(null, { status: 204 });
      },
    }),
  ];
}

/** Premium rules and references for a whole new item; returns it ready to store. */
export async function checkedItem(db: Db, target: { plugin: PluginDefinition; collection: string }, item: Record<string, unknown>, guildId: string, premium: boolean) {
  assertPremiumAllowed(target.plugin, target.plugin.collections[target.collection]!.itemSchema, item, premium);
  await checkReferences(db, guildId, target, item);
  return item;
}
