import { EMOJI_ERRORS } from "@/lib/platform/custom-emoji";
import type { EmojiPickerLabels } from "./types";

const KEY_OF = new Map(Object.entries(EMOJI_ERRORS).map(([key, message]) => [message as string, key as keyof typeof EMOJI_ERRORS]));

/**
 * An emoji field's error as the settings form shows it: the server's emoji errors (which API
 * clients read in English) in the page's language; anything else as the server wrote it.
 */
export function emojiFieldError(message: string | undefined, labels: EmojiPickerLabels | undefined): string | undefined {
  const key = message === undefined ? undefined : KEY_OF.get(message);
  return key && labels ? labels.errors[key] : message;
}
