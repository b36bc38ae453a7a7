import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { isSafePath } from "./redirect";

// The bot-add flow's `state` is JSON text holding target_path (spec 2). Pure, used by the
// server page and the route that builds the authorize URL.

const stateSchema = z.object({ target_path: inputText().max(2048).refine(isSafePath) });

export function encodeGuildOAuthState(targetPath: string): string {
  return JSON.stringify({ target_path: targetPath });
}

/** The target path, or null for missing, non-JSON, wrong-shape or off-site state. */
export function parseGuildOAuthState(raw: string | null | undefined): string | null {
  if (!raw) return null;
  let data: unknown;
  try {
    data = JSON.parse(raw);
  } catch {
    return null;
  }
  const parsed = stateSchema.safeParse(data);
  return parsed.success ? parsed.data.target_path : null;
}
