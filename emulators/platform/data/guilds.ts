import { MANAGED_BY_ADA } from "./guilds-managed";
import { NOT_MANAGED_BY_ADA } from "./guilds-other";
import type { GuildSpec } from "./types";

// Every fixture guild. Add new ones to one of the two lists (or a new file)
// and give them an id in ids.ts.
export const GUILDS: readonly GuildSpec[] = [...MANAGED_BY_ADA, ...NOT_MANAGED_BY_ADA];
