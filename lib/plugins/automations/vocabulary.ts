// The words an automation is made of: its triggers, conditions and actions, and their bounds.
// Client-safe constants, shared by the schema, the editor, the dry run and the scheduled runner.

export const TRIGGER_TYPES = ["member_join", "member_leave", "role_added", "role_removed", "message_matches", "reaction_added", "schedule"] as const;
export type TriggerType = (typeof TRIGGER_TYPES)[number];

/** How a message trigger matches: the text anywhere (case-insensitive), or an RE2 pattern. */
export const MATCH_MODES = ["contains", "regex"] as const;
/** When a schedule runs: every day at a time, one weekday at a time, or a 5-field cron line; always in its time zone. */
export const SCHEDULE_KINDS = ["daily", "weekly", "cron"] as const;

export const CONDITION_TYPES = ["has_roles", "lacks_roles", "in_channels", "account_age", "variable"] as const;
export type ConditionType = (typeof CONDITION_TYPES)[number];
export const COMPARISONS = ["equals", "contains", "greater", "less"] as const;
export type Comparison = (typeof COMPARISONS)[number];

export const ACTION_TYPES = ["send_message", "send_dm", "add_role", "remove_role", "wait", "set_variable", "webhook"] as const;
export type ActionType = (typeof ACTION_TYPES)[number];

/** Actions per automation: a free server's and a premium server's (the list's freeMax). */
export const ACTION_LIMITS = { free: 3, premium: 10 } as const;
export const MAX_CONDITIONS = 10;
/** A wait holds the run on the job engine; longer pauses belong to a schedule. */
export const MAX_WAIT_SECONDS = 900;

/** Triggers that happen to a member: they provide {user…}, and role, DM and member conditions need them. */
export const MEMBER_TRIGGERS: readonly TriggerType[] = ["member_join", "member_leave", "role_added", "role_removed", "message_matches", "reaction_added"];
/** Actions that act on the member of the event. */
export const MEMBER_ACTIONS: readonly ActionType[] = ["send_dm", "add_role", "remove_role"];
/** Conditions about the member of the event. */
export const MEMBER_CONDITIONS: readonly ConditionType[] = ["has_roles", "lacks_roles", "account_age"];

/** The fields each trigger type reads besides `type` (a message trigger's text or pattern by its mode). */
export const TRIGGER_FIELDS: Readonly<Record<TriggerType, readonly string[]>> = {
  member_join: [],
  member_leave: [],
  role_added: ["role_id"],
  role_removed: ["role_id"],
  message_matches: ["match_mode", "text", "pattern", "channel_id"],
  reaction_added: ["emoji", "channel_id", "message_id"],
  schedule: ["schedule", "time", "weekday", "cron", "time_zone"],
};

export const CONDITION_FIELDS: Readonly<Record<ConditionType, readonly string[]>> = {
  has_roles: ["role_ids"],
  lacks_roles: ["role_ids"],
  in_channels: ["channel_ids"],
  account_age: ["days"],
  variable: ["variable", "operator", "value"],
};

export const ACTION_FIELDS: Readonly<Record<ActionType, readonly string[]>> = {
  send_message: ["channel_id", "content", "embed_title", "embed_description"],
  send_dm: ["content"],
  add_role: ["role_id"],
  remove_role: ["role_id"],
  wait: ["seconds"],
  set_variable: ["variable", "value"],
  webhook: ["url", "content"],
};

type Typed = { type: string } & Record<string, unknown>;

/** Only what the part's type reads (the rest is left to the schema's defaults), so a field typed for another type is not saved. */
export function usedFields<T extends Typed>(part: T, fields: Readonly<Record<string, readonly string[]>>): T {
  const used = fields[part.type] ?? [];
  return Object.fromEntries(Object.entries(part).filter(([key]) => key === "type" || used.includes(key))) as T;
}
