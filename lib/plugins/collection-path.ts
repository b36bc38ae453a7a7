import type { CollectionDefinition } from "./types";

// Where a collection's endpoints live below /api/plugins. Client-safe.

/** The collection's path pattern (with `:guildId`): its own `path`, or the generic one of spec 7. */
export function collectionPathPattern(pluginId: string, name: string, definition: Pick<CollectionDefinition, "path">): string {
  return definition.path ?? `/${pluginId}/guilds/:guildId/${name}`;
}

/** The collection's path for one guild, e.g. `/timers/123…` or `/commands/guilds/123…/commands`. */
export function collectionPath(pluginId: string, name: string, definition: Pick<CollectionDefinition, "path">, guildId: string): string {
  return collectionPathPattern(pluginId, name, definition).replace(":guildId", guildId);
}
