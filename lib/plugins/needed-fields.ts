import type { z } from "zod";
import type { FieldMeta, PluginDefinition } from "./types";

// What a plugin cannot run without (FieldMeta.neededWhen): the welcome channel while join
// messages are on, a birthday channel… A plugin is not turned on, nor left on, with one empty.

const isEmpty = (value: unknown) => value === null || value === undefined || value === "" || (Array.isArray(value) && value.length === 0);

/** Config fields needed to run that are empty, in schema order. */
export function missingToRun(plugin: PluginDefinition, config: Record<string, unknown>): string[] {
  const shape = plugin.configSchema.shape as Record<string, z.ZodType>;
  return Object.entries(shape).flatMap(([name, schema]) => {
    const needed = ((schema.meta() ?? {}) as FieldMeta).neededWhen;
    if (!needed || !isEmpty(config[name])) return [];
    return needed === true || config[needed] === true ? [name] : [];
  });
}

/** The switch a needed field depends on, if any (a change to it can make the field needed). */
export function switchOf(plugin: PluginDefinition, field: string): string | null {
  const schema = (plugin.configSchema.shape as Record<string, z.ZodType>)[field];
  const needed = ((schema?.meta() ?? {}) as FieldMeta).neededWhen;
  return typeof needed === "string" ? needed : null;
}
