import type { z } from "zod";
import { UPLOAD_PREFIX } from "@/lib/images/reference";
import { isChannelUi } from "./channel-uis";
import type { FieldMeta, FieldUi } from "./types";

// Walks a plugin schema together with a value, reporting each field's metadata
// (FieldMeta set with .meta()). One walker serves id validation, premium checks
// and the id remapping of settings import.

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  options?: z.ZodType[];
};

const defOf = (schema: z.ZodType): Def => (schema as unknown as { _zod: { def: Def } })._zod.def;

export type Visit = (meta: FieldMeta, value: unknown, path: string, schema: z.ZodType) => unknown;

/** Returns the value with every metadata-bearing field replaced by `visit`'s answer. */
export function mapFields(schema: z.ZodType, value: unknown, visit: Visit, path = ""): unknown {
  const meta = (schema.meta() ?? {}) as FieldMeta;
  const visited = Object.keys(meta).length > 0 ? visit(meta, value, path, schema) : value;
  const def = defOf(schema);
  switch (def.type) {
    case "object": {
      if (!isRecord(visited) || !def.shape) return visited;
      const out: Record<string, unknown> = { ...visited };
      for (const [key, child] of Object.entries(def.shape)) {
        if (key in visited) out[key] = mapFields(child, visited[key], visit, path ? `${path}.${key}` : key);
      }
      return out;
    }
    case "array":
      return Array.isArray(visited) && def.element ? visited.map((item, index) => mapFields(def.element!, item, visit, `${path}.${index}`)) : visited;
    case "optional":
    case "nullable":
    case "default":
    case "prefault":
    case "readonly":
    case "catch":
      return visited === null || visited === undefined || !def.innerType ? visited : mapFields(def.innerType, visited, visit, path);
    case "pipe":
      return def.in ? mapFields(def.in, visited, visit, path) : visited;
    default:
      return visited;
  }
}

export type Reference =
  | { kind: "channel" | "role"; ui: FieldUi; id: string; path: string; gives: boolean }
  | { kind: "upload"; key: string; path: string };

const ROLE_UIS: readonly FieldUi[] = ["role", "roles", "mentionable_role"];

export function referenceKind(ui: FieldUi | undefined): "channel" | "role" | null {
  if (!ui) return null;
  if (isChannelUi(ui)) return "channel";
  if (ROLE_UIS.includes(ui)) return "role";
  return null;
}

/** Every channel id, role id and upload the value points at. */
export function collectReferences(schema: z.ZodType, value: unknown): Reference[] {
  const found: Reference[] = [];
  mapFields(schema, value, (meta, fieldValue, path) => {
    if (meta.upload && typeof fieldValue === "string" && fieldValue.startsWith(UPLOAD_PREFIX)) {
      found.push({ kind: "upload", key: fieldValue.slice(UPLOAD_PREFIX.length), path });
    }
    const kind = referenceKind(meta.ui);
    if (kind && meta.ui) {
      const ids = Array.isArray(fieldValue) ? fieldValue : [fieldValue];
      ids.forEach((id, index) => {
        if (typeof id === "string") found.push({ kind, ui: meta.ui!, id, path: Array.isArray(fieldValue) ? `${path}.${index}` : path, gives: meta.gives === true });
      });
    }
    return fieldValue;
  });
  return found;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
