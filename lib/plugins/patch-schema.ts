import { z } from "zod";

type Def = { type: string; innerType?: z.ZodType };

/**
 * A strict schema for partial updates: every key optional and, unlike zod's
 * .partial(), without defaults, so a missing key stays missing instead of
 * resetting the stored value.
 */
export function patchSchema(schema: z.ZodObject): z.ZodObject {
  const shape = Object.fromEntries(Object.entries(schema.shape).map(([key, field]) => [key, withoutDefault(field as z.ZodType).optional()]));
  return z.strictObject(shape);
}

function withoutDefault(field: z.ZodType): z.ZodType {
  const def = (field as unknown as { _zod: { def: Def } })._zod.def;
  return (def.type === "default" || def.type === "prefault") && def.innerType ? def.innerType : field;
}
