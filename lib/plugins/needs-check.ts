import "server-only";
import type { FieldIssue } from "@/lib/http/api-error";
import type { Locale } from "@/lib/i18n/locales";
import { fieldIssue } from "@/lib/validation/server-messages";
import { needIssue, unmetNeeds, type NeedState, type UnmetNeed } from "./needed-fields";
import { needLabels } from "./plugin-labels";
import type { PluginDefinition } from "./types";

// The server's half of "what a field is needed for": the writes of configs and items
// (writePluginState, createItems, updateItem) refuse to leave a need unmet, whichever
// endpoint, revert or import asked for them. The refusal names its fields with the labels of
// the caller's language, which only the route knows: toApiError words it.

/** A write that would leave needed fields empty; a 400 `validation_failed` naming each one. */
export class UnmetNeedsError extends Error {
  constructor(
    readonly pluginId: string,
    readonly collection: string | undefined,
    readonly unmet: readonly UnmetNeed[],
    readonly values: Record<string, unknown>,
    /** Where the config or item sits in a larger document ("plugins.welcome" of a settings file). */
    readonly at = "",
  ) {
    super(`${pluginId}${collection ? `/${collection}` : ""} needs ${unmet.map((need) => need.field).join(", ")}`);
    this.name = "UnmetNeedsError";
  }
}

/** Refuses the write from `before` to `after` of a plugin's config (or of an item of `collection`) when it leaves a need unmet. */
export function assertNeedsMet(plugin: PluginDefinition, collection: string | undefined, before: NeedState, after: NeedState, at?: string): void {
  const schema = collection === undefined ? plugin.configSchema : plugin.collections[collection]?.itemSchema;
  if (!schema) throw new Error(`unknown collection ${plugin.id}/${collection}`);
  const unmet = unmetNeeds(schema, before, after);
  if (unmet.length > 0) throw new UnmetNeedsError(plugin.id, collection, unmet, after.values ?? {}, at);
}

/** The refusal's field issues, worded with the plugin's labels in `locale`. */
export function unmetNeedIssues(error: UnmetNeedsError, locale: Locale): FieldIssue[] {
  const labels = needLabels(locale, error.pluginId, error.collection);
  return error.unmet.map((unmet) => {
    const { path, code, params } = needIssue(unmet, error.values, labels);
    return fieldIssue(error.at ? `${error.at}.${path}` : path, code, params);
  });
}
