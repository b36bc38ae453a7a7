import type { z } from "zod";

// The one plugin definition shape (DESIGN "A plugin"). Client-safe: no I/O here.

export type PluginCategory = "utilities" | "social" | "fun" | "other";

export const CATEGORIES: readonly PluginCategory[] = ["utilities", "social", "fun", "other"];

/**
 * How the generic settings form draws a field; stored as zod `.meta()` and read
 * back through `z.toJSONSchema`. Fields without `ui` are drawn from their type.
 */
export type FieldUi =
  | "textarea"
  | "message"
  | "channel"
  | "channels"
  | "voice_channel"
  | "category_channel"
  | "role"
  | "roles"
  | "mentionable_role"
  | "color"
  | "emoji"
  | "url"
  | "timezone";

export type FieldMeta = {
  ui?: FieldUi;
  /** Only premium guilds may change this field from its default. */
  premium?: boolean;
  /** Lists (and strings) longer than this need a premium guild. */
  freeMax?: number;
};

export type CollectionDefinition = {
  /** Strict zod object for one item (without `id`, which the server assigns). */
  itemSchema: z.ZodObject;
  /** Most items a guild may hold. */
  limits: { free: number; premium: number };
  /** Item field shown as its title in lists and the audit log. */
  titleField: string;
};

export type PluginDefinition = {
  id: string;
  category: PluginCategory;
  /** The whole plugin needs a premium guild. */
  premium: boolean;
  /** Key of the icon the UI draws (components/plugin-icon.tsx). */
  icon: string;
  /** Strict zod object; every field has a default so `configSchema.parse({})` is the initial config. */
  configSchema: z.ZodObject;
  collections: Record<string, CollectionDefinition>;
};

export function definePlugin<const T extends PluginDefinition>(definition: T): T {
  return definition;
}
