// The welcome card's background as stored in the welcome config (`card_background`):
// `preset:<id>` for one of the drawn presets (presets.ts), or `upload:<key>` for an image
// this guild uploaded (the content-addressed storage key, lib/storage/keys.ts).
// Pure and client-safe: no zod, no Node APIs.

import { MAX_UPLOAD_REFERENCE_LENGTH, uploadKeyOf, uploadReference } from "@/lib/images/reference";

export const PRESET_IDS = ["aurora", "sunset", "ocean", "forest", "midnight", "candy"] as const;
export type PresetId = (typeof PRESET_IDS)[number];

export type BackgroundRef = { kind: "preset"; preset: PresetId } | { kind: "upload"; key: string };

export const DEFAULT_PRESET: PresetId = "aurora";
export const DEFAULT_BACKGROUND = `preset:${DEFAULT_PRESET}`;
/** Room for the longest value, an upload reference (lib/images/reference.ts). */
export const MAX_BACKGROUND_LENGTH = MAX_UPLOAD_REFERENCE_LENGTH;

export function isPresetId(value: unknown): value is PresetId {
  return typeof value === "string" && (PRESET_IDS as readonly string[]).includes(value);
}

/** The reference a stored value stands for, or null when it is neither form. */
export function parseBackground(value: unknown): BackgroundRef | null {
  if (typeof value !== "string" || value.length > MAX_BACKGROUND_LENGTH) return null;
  if (value.startsWith("preset:")) {
    const id = value.slice("preset:".length);
    return isPresetId(id) ? { kind: "preset", preset: id } : null;
  }
  const key = uploadKeyOf(value);
  return key === null ? null : { kind: "upload", key };
}

export function formatBackground(ref: BackgroundRef): string {
  return ref.kind === "preset" ? `preset:${ref.preset}` : uploadReference(ref.key);
}

export const presetBackground = (preset: PresetId): string => `preset:${preset}`;
export const uploadBackground = uploadReference;
