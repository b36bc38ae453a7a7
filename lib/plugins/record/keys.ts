import { inputText } from "@/lib/validation/text";

// Where the bot stores a recording's audio: `recordings/<guild id>/<name>.<format>`, one folder
// per guild so a key names its guild (a report for another guild's file is refused), and no
// other characters, so a key can never walk out of the storage folder.

export const RECORDING_FORMATS = { mp3: "audio/mpeg", wav: "audio/wav", flac: "audio/flac", zip: "application/zip" } as const;

const KEY_PATTERN = /^recordings\/(\d{17,20})\/[A-Za-z0-9_-]{1,64}\.(mp3|wav|flac|zip)$/;

export const recordingKeySchema = inputText().regex(KEY_PATTERN, "must be recordings/<guild id>/<name>.<mp3|wav|flac|zip>");

/** The guild a recording key belongs to, or null when it is not a recording key. */
export function guildOfRecordingKey(key: string): string | null {
  return KEY_PATTERN.exec(key)?.[1] ?? null;
}

/** The content type a recording is served with (separate tracks come as a zip). */
export function recordingContentType(key: string): string {
  const extension = key.slice(key.lastIndexOf(".") + 1) as keyof typeof RECORDING_FORMATS;
  return RECORDING_FORMATS[extension] ?? "application/octet-stream";
}
