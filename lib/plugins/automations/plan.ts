import "server-only";
import { RE2JS } from "re2js";
import type { TemplateContext } from "@/lib/templates/context";
import { renderTemplate } from "@/lib/templates/render";
import type { Automation, AutomationAction, AutomationCondition } from "./definition";
import type { ActionType, ConditionType } from "./vocabulary";

// What an automation does with one event, worked out without doing any of it: whether the
// trigger matches, which condition (if any) is false, and each action with its text rendered
// and its channel or role named. The dry run answers with it; the scheduled runner carries
// out the steps it lists. The bot runs event triggers by the same rules (README "Automations").

/** The event an automation runs for: what the platform (or the dry run's sample) says happened. */
export type AutomationEvent = {
  member?: { id: string; name: string; roleIds: readonly string[]; accountAgeDays: number };
  channelId?: string | null;
  message?: { content: string; id?: string };
  roleId?: string | null;
  emoji?: string | null;
};

/** Names of the guild's channels and roles, for the steps' descriptions. */
export type Names = { channel: (id: string) => string | undefined; role: (id: string) => string | undefined };

export type SkipReason = { code: "disabled" } | { code: "trigger_no_match" } | { code: "condition_false"; condition: number; type: ConditionType };

export type PlannedStep = {
  index: number;
  type: ActionType;
  /** run: it would happen; skipped: `reason` says why not. */
  status: "run" | "skipped";
  reason?: SkipReason;
  channel_id?: string;
  channel_name?: string;
  role_id?: string;
  role_name?: string;
  content?: string;
  embed?: { title: string; description: string };
  seconds?: number;
  variable?: string;
  value?: string;
  url?: string;
};

/** Whether the trigger is this event's: its type was chosen by the caller, its filters are checked here. */
export function triggerMatches(automation: Automation, event: AutomationEvent): boolean {
  const trigger = automation.trigger;
  switch (trigger.type) {
    case "role_added":
    case "role_removed":
      return trigger.role_id === null || trigger.role_id === event.roleId;
    case "message_matches": {
      if (trigger.channel_id && trigger.channel_id !== event.channelId) return false;
      const content = event.message?.content ?? "";
      if (trigger.match_mode === "contains") return content.toLocaleLowerCase().includes(trigger.text.toLocaleLowerCase());
      return RE2JS.compile(trigger.pattern, RE2JS.CASE_INSENSITIVE).matcher(content).find();
    }
    case "reaction_added":
      if (trigger.channel_id && trigger.channel_id !== event.channelId) return false;
      if (trigger.message_id && trigger.message_id !== event.message?.id) return false;
      return trigger.emoji === "" || trigger.emoji === event.emoji;
    default:
      return true;
  }
}

/** The event's own variables (`{role.name}`, `{message.content}`…) beside the template context's. */
export function eventVariables(event: AutomationEvent, names: Names): Record<string, string> {
  const own: Record<string, string> = {};
  if (event.roleId) Object.assign(own, { role: `<@&${event.roleId}>`, "role.id": event.roleId, "role.name": names.role(event.roleId) ?? "" });
  if (event.message) Object.assign(own, { "message.content": event.message.content, ...(event.message.id ? { "message.id": event.message.id } : {}) });
  if (event.emoji) own.emoji = event.emoji;
  return own;
}

function compare(left: string, operator: AutomationCondition["operator"], right: string): boolean {
  const a = Number(left);
  const b = Number(right);
  switch (operator) {
    case "equals":
      return left.toLocaleLowerCase() === right.toLocaleLowerCase();
    case "contains":
      return left.toLocaleLowerCase().includes(right.toLocaleLowerCase());
    // Numbers compare as numbers; anything else never compares (a name is not "greater").
    case "greater":
      return Number.isFinite(a) && Number.isFinite(b) && left.trim() !== "" && a > b;
    case "less":
      return Number.isFinite(a) && Number.isFinite(b) && left.trim() !== "" && a < b;
  }
}

function conditionHolds(rule: AutomationCondition, event: AutomationEvent, resolve: (text: string) => string): boolean {
  const roles = event.member?.roleIds ?? [];
  switch (rule.type) {
    case "has_roles":
      return rule.role_ids.every((id) => roles.includes(id));
    case "lacks_roles":
      return !rule.role_ids.some((id) => roles.includes(id));
    case "in_channels":
      return !!event.channelId && rule.channel_ids.includes(event.channelId);
    case "account_age":
      return (event.member?.accountAgeDays ?? 0) >= rule.days;
    case "variable":
      return compare(resolve(`{${rule.variable}}`), rule.operator, resolve(rule.value));
  }
}

/** Every action of the automation for this event, in order, as it would run or why it would not. */
export function planAutomation(automation: Automation, event: AutomationEvent, context: TemplateContext, names: Names): PlannedStep[] {
  const variables: Record<string, string> = { ...eventVariables(event, names) };
  const render = (text: string) => renderTemplate(text, { ...context, item: variables });
  let reason: SkipReason | undefined;
  if (!automation.enabled) reason = { code: "disabled" };
  else if (!triggerMatches(automation, event)) reason = { code: "trigger_no_match" };
  else {
    const failed = automation.conditions.findIndex((rule) => !conditionHolds(rule, event, render));
    if (failed >= 0) reason = { code: "condition_false", condition: failed, type: automation.conditions[failed]!.type };
  }
  return automation.actions.map((step, index) => {
    const base = { index, type: step.type };
    if (reason) return { ...base, status: "skipped" as const, reason };
    return { ...base, status: "run" as const, ...describe(step, render, names, variables) };
  });
}

function describe(step: AutomationAction, render: (text: string) => string, names: Names, variables: Record<string, string>): Partial<PlannedStep> {
  switch (step.type) {
    case "send_message": {
      const embed = step.embed_title || step.embed_description ? { embed: { title: render(step.embed_title), description: render(step.embed_description) } } : {};
      return { channel_id: step.channel_id!, channel_name: names.channel(step.channel_id!) ?? "", content: render(step.content), ...embed };
    }
    case "send_dm":
      return { content: render(step.content) };
    case "add_role":
    case "remove_role":
      return { role_id: step.role_id!, role_name: names.role(step.role_id!) ?? "" };
    case "wait":
      return { seconds: step.seconds };
    case "set_variable": {
      const value = render(step.value);
      // Known from here on: later actions render it.
      variables[step.variable] = value;
      return { variable: step.variable, value };
    }
    case "webhook":
      return { url: step.url, content: render(step.content) };
  }
}
