import { z } from "zod";
import type { ProviderId } from "../providers/types";
import type { FieldUi, PluginDefinition } from "./types";

// Plain-JSON descriptions of plugin schemas for the generic settings form: the
// server derives them (z.toJSONSchema keeps .meta()), the client form never imports zod.

export type FormField = {
  name: string;
  type: "string" | "integer" | "number" | "boolean" | "enum" | "array" | "object-array";
  ui?: FieldUi;
  options?: string[];
  min?: number;
  max?: number;
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  premium?: boolean;
  freeMax?: number;
  /** A role the bot gives (FieldMeta.gives). */
  gives?: boolean;
  /** `ui: "source"`: whose sources the picker searches. */
  provider?: ProviderId;
  /** The config field a blank message falls back to (FieldMeta.fallback). */
  fallback?: string;
  default: unknown;
  /** Sent only when true, like every flag of a field: the spec travels in each page's payload. */
  nullable?: boolean;
  required?: boolean;
  itemFields?: FormField[];
  itemType?: "string" | "enum";
  itemOptions?: string[];
};
export type FormSpec = { fields: FormField[]; sections?: ReadonlyArray<{ id: string; fields: readonly string[] }> };

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  maxItems?: number;
  minItems?: number;
  ui?: FieldUi;
  premium?: boolean;
  freeMax?: number;
  gives?: boolean;
  provider?: ProviderId;
  fallback?: string;
};

const configSpecs = new WeakMap<PluginDefinition, FormSpec>();

export function configFormSpec(plugin: PluginDefinition): FormSpec {
  let spec = configSpecs.get(plugin);
  if (!spec) {
    const fields = toSpec(plugin.configSchema);
    spec = plugin.sections ? { ...fields, sections: plugin.sections } : fields;
    configSpecs.set(plugin, spec);
  }
  return spec;
}

export function itemFormSpec(plugin: PluginDefinition, collection: string): FormSpec {
  const definition = plugin.collections[collection];
  if (!definition) throw new Error(`unknown collection ${plugin.id}/${collection}`);
  return toSpec(definition.itemSchema);
}

/** Schemas are module constants: each is described once per process, not at every page drawn from it. */
const described = new WeakMap<z.ZodObject, FormSpec>();

function toSpec(schema: z.ZodObject): FormSpec {
  let spec = described.get(schema);
  if (!spec) {
    const json = z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
    spec = { fields: objectFields(json) };
    described.set(schema, spec);
  }
  return spec;
}

function objectFields(json: JsonSchema): FormField[] {
  const required = new Set(json.required ?? []);
  return Object.entries(json.properties ?? {}).map(([name, property]) => toField(name, property, required.has(name)));
}

function toField(name: string, property: JsonSchema, required: boolean): FormField {
  const variants = property.anyOf ?? [property];
  const nullable = variants.some((variant) => variant.type === "null");
  const main = variants.find((variant) => variant.type !== "null" && !(variant.const === "")) ?? variants[0] ?? {};
  const base = {
    name,
    default: property.default ?? null,
    ...(nullable && { nullable: true }),
    ...(required && { required: true }),
    ...(property.ui && { ui: property.ui }),
    ...(property.premium && { premium: true }),
    ...(property.freeMax !== undefined && { freeMax: property.freeMax }),
    ...(property.gives && { gives: true }),
    ...(property.provider && { provider: property.provider }),
    ...(property.fallback && { fallback: property.fallback }),
  };
  if (main.enum) return { ...base, type: "enum", options: main.enum.map(String) };
  if (main.type === "boolean") return { ...base, type: "boolean" };
  if (main.type === "integer" || main.type === "number") {
    return { ...base, type: main.type, ...(main.minimum !== undefined && { min: main.minimum }), ...(main.maximum !== undefined && { max: main.maximum }) };
  }
  if (main.type === "array") {
    const items = main.items ?? {};
    const common = { ...base, ...(main.maxItems !== undefined && { maxItems: main.maxItems }), ...(main.minItems && { minItems: main.minItems }) };
    // Lists of objects; with ui "embeds" the embed builder draws them and the item fields only carry labels.
    if (items.type === "object") return { ...common, type: "object-array", itemFields: objectFields(items) };
    return { ...common, type: "array", itemType: items.enum ? "enum" : "string", ...(items.enum && { itemOptions: items.enum.map(String) }) };
  }
  return { ...base, type: "string", ...(main.maxLength !== undefined && { maxLength: main.maxLength }) };
}
