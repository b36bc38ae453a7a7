import { TEMPLATE_VARIABLES } from "@/lib/templates/variables";
import { MEMBER_TRIGGERS, type TriggerType } from "./vocabulary";

// Which `{variables}` an automation's texts may use: the server's, always; the member's when
// the trigger happens to a member; the channel's, the message's, the role's or the reaction's
// when the trigger has one; and every variable a set_variable action before it made. A text
// naming any other is refused at that field (a schedule has no {user} to put there). Client-safe.

const group = (name: string) => TEMPLATE_VARIABLES.filter((variable) => variable.group === name).map((variable) => variable.name);

const ALWAYS = [...group("server"), ...group("plan"), "random"];
const MEMBER = group("user");
const CHANNEL = group("channel");

/** The variables each trigger brings besides the server's (the bot fills them from the event). */
const OWN: Readonly<Record<TriggerType, readonly string[]>> = {
  member_join: [],
  member_leave: [],
  role_added: ["role", "role.name", "role.id"],
  role_removed: ["role", "role.name", "role.id"],
  message_matches: [...CHANNEL, "message.content", "message.id"],
  reaction_added: [...CHANNEL, "message.id", "emoji"],
  schedule: [],
};

/** Every variable the trigger provides. */
export function triggerVariables(trigger: TriggerType): string[] {
  return [...ALWAYS, ...(MEMBER_TRIGGERS.includes(trigger) ? MEMBER : []), ...OWN[trigger]];
}

/** A name set_variable may define: lower case, digits and _, not a variable the platform gives. */
export const CUSTOM_VARIABLE = /^[a-z][a-z0-9_]{0,31}$/;
const RESERVED = new Set(["server", "user", "channel", "role", "emoji", "random", "message", "plan"]);
export const isCustomVariableName = (name: string) => CUSTOM_VARIABLE.test(name) && !RESERVED.has(name);

// What looks like a variable between braces; other braces ({"json": 1}, "{ spaced }") are plain text.
const TOKEN = /\{([A-Za-z][\w.:-]*)\}/g;
const RANDOM_RANGE = /^random:-?\d+--?\d+$/;

/** The variable names a text uses that are not in `available` (a random range is always fine). */
export function missingVariables(text: string, available: ReadonlySet<string>): string[] {
  return [...text.matchAll(TOKEN)].map((match) => match[1]!).filter((name) => !available.has(name) && !RANDOM_RANGE.test(name));
}
