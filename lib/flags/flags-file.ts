import "server-only";
import { readFile } from "node:fs/promises";
import { z } from "zod";
import type { ClientFeaturesResponse } from "unleash-client";
import { inputText } from "@/lib/validation/text";

// The local flags file (FLAGS_FILE, config/flags.json by default): flag definitions in the shape
// of Unleash's /client/features answer, so the same SDK evaluates them as it would an Unleash
// server's (lib/flags/flags.ts). Checked here before the SDK sees them: a typo must not turn
// every flag off silently, so a bad file is reported and the flags read before it are kept.

/** Flag names as Unleash allows them (URL-friendly). */
export const FLAG_NAME = /^[\w.~-]{1,100}$/;

// Loose objects: strategies, constraints, segments and variants keep every field Unleash defines.
const feature = z.looseObject({
  name: inputText().regex(FLAG_NAME, "must be a flag name (letters, digits, _ . ~ -)"),
  enabled: z.boolean(),
  impressionData: z.boolean().optional(),
  strategies: z.array(z.looseObject({ name: inputText().min(1) })).optional(),
  variants: z.array(z.looseObject({ name: inputText().min(1), weight: z.number().int().min(0) })).optional(),
});

const flagsFile = z
  .looseObject({
    version: z.number().int(),
    features: z.array(feature),
    segments: z.array(z.looseObject({ id: z.number().int() })).optional(),
  })
  .refine((file) => new Set(file.features.map((flag) => flag.name)).size === file.features.length, "names a flag twice");

/** The flags of the file at `path`, or the reason it cannot be used. */
export async function readFlagsFile(path: string): Promise<{ flags: ClientFeaturesResponse } | { problem: string }> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    return { problem: `cannot read ${path}: ${(error as NodeJS.ErrnoException).code ?? String(error)}` };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    return { problem: `${path} is not JSON: ${(error as Error).message}` };
  }
  const parsed = flagsFile.safeParse(json);
  if (!parsed.success) return { problem: `${path}: ${parsed.error.issues.map((issue) => `${issue.path.join(".") || "file"} ${issue.message}`).join("; ")}` };
  return { flags: parsed.data as ClientFeaturesResponse };
}
