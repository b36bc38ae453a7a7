import type { Entitlement } from "@/lib/billing/entitlements";
import type { z } from "zod";
import type { ProviderId } from "../providers/types";
import type { IssueCode } from "../validation/issues";

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
  /** Several categories (an automod rule's exempt categories). */
  | "categories"
  /** The channels a lockdown closes: text channels, and voice and stage channels (joining them too). */
  | "lockdown_channels"
  | "role"
  | "roles"
  | "mentionable_role"
  | "color"
  | "emoji"
  | "url"
  /** A regular expression run on RE2 (lib/moderation/automod/rules.ts): checked server-side to compile there. */
  | "regex"
  | "timezone"
  /** A moment stored as UTC ISO 8601, picked as a date, a time and a time zone. */
  | "datetime"
  /** An image the guild uploaded, `upload:<key>` (imageField), drawn as a thumbnail with upload and remove buttons. */
  | "image"
  /** A list of platform embeds (lib/plugins/embeds-field.ts), drawn by the embed builder. */
  | "embeds"
  /** A social source's stable id (sourceField): picked by searching its `provider`, checked to exist on every write. */
  | "source"
  /** The name a source is shown by, filled in by the source picker beside it (never drawn on its own). */
  | "source_name";

export type FieldMeta = {
  ui?: FieldUi;
  /** Only premium guilds may change this field from its default. */
  premium?: boolean;
  /** Lists (and strings) longer than this need a premium guild. */
  freeMax?: number;
  /**
   * Role fields: the bot gives members this role, so it must sit below the bot's highest
   * role (and not be @everyone or an integration's role). Roles that only grant access to
   * something (allowed roles, moderators) may be any role.
   */
  gives?: boolean;
  /**
   * String fields that may hold `upload:<storage key>`, an image uploaded to the guild
   * (lib/images): only the guild's own uploads are accepted.
   */
  upload?: boolean;
  /**
   * What this field must be filled in for (lib/plugins/needed-fields.ts): the plugin itself
   * while it is on (`true`), or an option of the same config or item (a switch on, a mode
   * chosen, another field filled in). A write that would leave it empty is refused.
   */
  neededWhen?: NeededWhen;
  /** `ui: "source"` fields: whose accounts, channels or feeds the id names. */
  provider?: ProviderId;
  /**
   * `ui: "message"` fields of an item: left blank, the bot sends the message of this config
   * field instead (a subscription's own message → the plugin's default message); the preview shows it.
   */
  fallback?: string;
};

/** A field needed by the plugin while it is on (`true`), or by an option (NeededOption). */
export type NeededWhen = true | NeededOption;

/**
 * The option that needs a field: `field` of the same config or item holding `is`, which is
 * `true` for a switch that is on, "filled" for any value at all, or the modes that need it.
 */
export type NeededOption = { field: string; is: true | "filled" | readonly string[] };

export type CollectionDefinition = {
  /** Strict zod object for one item (without `id`, which the server assigns). */
  itemSchema: z.ZodObject;
  /** Most items a guild may hold. */
  limits: { free: number; premium: number };
  /** Item field shown as its title in lists and the audit log. */
  titleField: string;
  /**
   * Where the collection's endpoints live below /api/plugins (`:guildId` is filled in),
   * when not at the generic `/{plugin}/guilds/:guildId/{collection}`; items are `{path}/{itemId}`.
   */
  path?: string;
  /**
   * Values no two items of a guild may share (compared case-insensitively): a field's own, or
   * several fields' together (a source in a channel), refused with their issue on the first field.
   */
  unique?: readonly (string | UniqueFields)[];
  /**
   * Maps an item stored under an older shape to the current one. Every read of a stored item
   * goes through it (lib/plugins/items.ts), so old items load and show, and the next save
   * writes the new shape.
   */
  upgrade?: (stored: Record<string, unknown>) => Record<string, unknown>;
  /** Buttons offered on every saved item, each calling a POST endpoint below the item's path. */
  actions?: readonly CollectionAction[];
};

/** Fields whose values together no two items may share, and the issue the first one reports. */
export type UniqueFields = { fields: readonly [string, ...string[]]; issue: IssueCode };

/**
 * An item action: posts something to the platform now. "preview" sends a sample of the
 * item, "send" and "post" put the item itself in its channel. The endpoint answers with
 * at least `{ channel_id, message_id }`, and with `item` when it changed the item.
 */
export type CollectionAction = {
  id: "preview" | "send" | "post";
  /** Path below the item's own path, e.g. "post" for `{collection path}/{itemId}/post`. */
  path: string;
  /** Item field that holds the message the action posted; once set the button offers to post again. */
  postedField?: string;
};

export type PluginDefinition = {
  id: string;
  category: PluginCategory;
  /** The whole plugin needs a premium guild. */
  premium: boolean;
  /**
   * The entitlement that unlocks the plugin when it is not Premium's (lib/billing/entitlements.ts):
   * the custom bot comes with its add-on or Pro, so the premium page does not list it as Premium's.
   */
  entitlement?: Entitlement;
  /**
   * Turned on and off by its own actions, not by the plugin switch (the custom bot: on while the
   * bot its token set up is active, lib/custom-bot/): cards show its state without a switch, and
   * no generic write (switch, config, import, revert) may change `enabled`.
   */
  ownSwitch?: true;
  /** Key of the icon the UI draws (lib/icons/plugin-icons.ts). */
  icon: string;
  /** Strict zod object; every field has a default so `configSchema.parse({})` is the initial config. */
  configSchema: z.ZodObject;
  /**
   * Titled groups of config fields for the settings form, in order (titles in
   * messages/plugins `<plugin>.sections.<id>`); fields in no group come first, untitled.
   */
  sections?: readonly ConfigSection[];
  collections: Record<string, CollectionDefinition>;
};

export type ConfigSection = { id: string; fields: readonly string[] };

export function definePlugin<const T extends PluginDefinition>(definition: T): T {
  return definition;
}
