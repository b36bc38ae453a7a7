import { z } from "zod";
import { inputText } from "@/lib/validation/text";
import { snowflake } from "@/lib/platform/snowflake";
import type { CollectionChange, PluginChange } from "./import-diff";

// The settings export file: the whole configuration of a guild plus the names of
// the channels and roles it points at, so another guild can match them by name.

export const SETTINGS_FILE_FORMAT = "guildhall.settings";

const id = snowflake;
// Config and item values are checked by the plugin schemas they are imported into (settings-transfer.ts).
const json = z.record(inputText(), z.unknown());

export const settingsFileSchema = z.strictObject({
  format: z.literal(SETTINGS_FILE_FORMAT),
  version: z.literal(1),
  exported_at: inputText().max(64),
  guild: z.strictObject({ id, name: inputText().max(100) }),
  channels: z.record(id, z.strictObject({ name: inputText().max(100), type: z.number().int().min(0).max(20) })),
  roles: z.record(id, z.strictObject({ name: inputText().max(100) })),
  settings: json,
  plugins: z.record(inputText().max(64), z.strictObject({ enabled: z.boolean(), config: json })),
  collections: z.record(inputText().max(128), z.array(json).max(1000)),
});

export type SettingsFile = z.infer<typeof settingsFileSchema>;

/** What importing the file would change here; a plugin the file leaves as it is is not listed. */
export type ImportPlan = {
  plugins: PlannedPlugin[];
  /** Server settings (by name) the file gives another value. */
  settings: string[];
  unmatched: { channels: string[]; roles: string[] };
  /** Items left out: a channel or role they require has no match here, or they are over (a giveaway that ended). */
  skipped: Array<{ collection: string; title: string; reason: "unmatched" | "ended" }>;
};

export type PlannedPlugin = PluginChange & {
  id: string;
  /** Lists of the plugin whose items would change, by collection name. */
  collections: Array<CollectionChange & { name: string }>;
};
