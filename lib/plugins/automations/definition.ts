import { z } from "zod";
import { channelField, channelsField, emojiField, inputText, integer, messageField, rolesField, roleField, snowflake, text, timezoneField, toggle, urlField } from "../fields";
import { definePlugin } from "../types";
import { customIssue, issue, type IssueCode } from "../../validation/issues";
import { isCronLine, TIME_PATTERN } from "./cron";
import { isCustomVariableName, missingVariables, triggerVariables } from "./variables";
import {
  ACTION_LIMITS,
  ACTION_TYPES,
  COMPARISONS,
  CONDITION_TYPES,
  MATCH_MODES,
  MAX_CONDITIONS,
  MAX_WAIT_SECONDS,
  MEMBER_ACTIONS,
  MEMBER_CONDITIONS,
  MEMBER_TRIGGERS,
  SCHEDULE_KINDS,
  TRIGGER_TYPES,
} from "./vocabulary";

// An automation: when its trigger happens and its conditions hold, its actions run in order.
// Event triggers are the bot's to run (it reads them in GET /api/bot/guilds/{id}/config);
// schedules run on the job engine (schedule.ts). Trigger, conditions and actions are flat
// objects with a `type`: the fields a type does not use keep their defaults, so the editor can
// switch types without losing what was typed, and saves only what the type uses (clean.ts).

const trigger = z.strictObject({
  type: z.enum(TRIGGER_TYPES).default("member_join"),
  /** role_added / role_removed: only this role; null for any. */
  role_id: roleField(),
  match_mode: z.enum(MATCH_MODES).default("contains"),
  /** message_matches, contains: the text (case-insensitive). */
  text: text(200),
  /** message_matches, regex: an RE2 pattern, checked to compile on every write. */
  pattern: text(200, "", { ui: "regex" }),
  /** message_matches / reaction_added: only in this channel; null for any. */
  channel_id: channelField(),
  /** reaction_added: only this emoji; "" for any. */
  emoji: emojiField(),
  /** reaction_added: only on this message; null for any. */
  message_id: snowflake.nullable().default(null),
  schedule: z.enum(SCHEDULE_KINDS).default("daily"),
  time: inputText().max(5).regex(TIME_PATTERN, issue("invalid_time")).default("09:00"),
  /** 0 Sunday … 6 Saturday. */
  weekday: integer(0, 6, 1),
  cron: text(100, "0 9 * * *"),
  time_zone: timezoneField("UTC"),
});

const condition = z.strictObject({
  type: z.enum(CONDITION_TYPES).default("has_roles"),
  /** has_roles: every one of them; lacks_roles: none of them. */
  role_ids: rolesField(10),
  /** in_channels: the event happened in one of them. */
  channel_ids: channelsField(10),
  /** account_age: the member's account is at least this many days old. */
  days: integer(0, 3650, 7),
  /** variable: the variable's name (without braces), compared with `value`. */
  variable: text(64),
  operator: z.enum(COMPARISONS).default("equals"),
  value: text(200),
});

const action = z.strictObject({
  type: z.enum(ACTION_TYPES).default("send_message"),
  /** send_message: where. */
  channel_id: channelField(),
  /** send_message, send_dm, webhook: the text (variables rendered). */
  content: messageField(""),
  /** send_message: an embed besides (or instead of) the text. */
  embed_title: text(256),
  embed_description: text(4096, "", { ui: "textarea" }),
  /** add_role / remove_role. */
  role_id: roleField({ gives: true }),
  /** wait. */
  seconds: integer(1, MAX_WAIT_SECONDS, 60),
  /** set_variable: `{name}` holds `value` for the actions after it. */
  variable: text(32),
  value: text(500),
  /** webhook: called with POST and a JSON body through the guarded outbound fetch. */
  url: urlField(),
});

export type AutomationTrigger = z.output<typeof trigger>;
export type AutomationCondition = z.output<typeof condition>;
export type AutomationAction = z.output<typeof action>;

const automationItem = z
  .strictObject({
    name: inputText().trim().min(1).max(100),
    enabled: toggle(true),
    trigger: trigger.prefault({}),
    conditions: z.array(condition).max(MAX_CONDITIONS).default([]),
    actions: z.array(action).min(1).max(ACTION_LIMITS.premium).meta({ freeMax: ACTION_LIMITS.free }),
  })
  .superRefine((item, ctx) => {
    const fail = (code: IssueCode, path: PropertyKey[], params: Record<string, string | number> = {}) => ctx.addIssue(customIssue(code, params, path));
    const { trigger: when } = item;
    const member = MEMBER_TRIGGERS.includes(when.type);
    const hasChannel = when.type === "message_matches" || when.type === "reaction_added";
    if (when.type === "message_matches") {
      if (when.match_mode === "contains" && when.text.trim() === "") fail("required", ["trigger", "text"]);
      if (when.match_mode === "regex" && when.pattern === "") fail("required", ["trigger", "pattern"]);
    }
    if (when.type === "schedule" && when.schedule === "cron" && !isCronLine(when.cron)) fail("invalid_cron", ["trigger", "cron"]);

    const available = new Set(triggerVariables(when.type));
    const checkText = (value: string, path: PropertyKey[]) => {
      const [missing] = missingVariables(value, available);
      if (missing) fail("unknown_variable", path, { variable: `{${missing}}` });
    };
    item.conditions.forEach((rule, index) => {
      const at = (field: string) => ["conditions", index, field];
      if (MEMBER_CONDITIONS.includes(rule.type) && !member) fail("not_for_trigger", at("type"));
      if (rule.type === "in_channels" && !hasChannel) fail("not_for_trigger", at("type"));
      if ((rule.type === "has_roles" || rule.type === "lacks_roles") && rule.role_ids.length === 0) fail("required", at("role_ids"));
      if (rule.type === "in_channels" && rule.channel_ids.length === 0) fail("required", at("channel_ids"));
      if (rule.type === "variable") {
        if (rule.variable === "") fail("required", at("variable"));
        else if (!available.has(rule.variable)) fail("unknown_variable", at("variable"), { variable: `{${rule.variable}}` });
        checkText(rule.value, at("value"));
      }
    });
    item.actions.forEach((step, index) => {
      const at = (field: string) => ["actions", index, field];
      if (MEMBER_ACTIONS.includes(step.type) && !member) fail("not_for_trigger", at("type"));
      switch (step.type) {
        case "send_message":
          if (!step.channel_id) fail("required", at("channel_id"));
          if (step.content.trim() === "" && step.embed_title.trim() === "" && step.embed_description.trim() === "") fail("message_empty", at("content"));
          checkText(step.content, at("content"));
          checkText(step.embed_title, at("embed_title"));
          checkText(step.embed_description, at("embed_description"));
          break;
        case "send_dm":
          if (step.content.trim() === "") fail("required", at("content"));
          checkText(step.content, at("content"));
          break;
        case "add_role":
        case "remove_role":
          if (!step.role_id) fail("required", at("role_id"));
          break;
        case "set_variable":
          if (!isCustomVariableName(step.variable)) fail("invalid_variable_name", at("variable"));
          checkText(step.value, at("value"));
          // Known to every action after this one.
          available.add(step.variable);
          break;
        case "webhook":
          if (step.url === "") fail("required", at("url"));
          checkText(step.content, at("content"));
          break;
        case "wait":
          break;
      }
    });
  });

export type Automation = z.output<typeof automationItem>;

export const automations = definePlugin({
  id: "automations",
  category: "other",
  premium: false,
  icon: "zap",
  configSchema: z.strictObject({
    log_channel_id: channelField(),
    ignore_bots: toggle(true),
    exempt_role_ids: rolesField(25),
    max_runs_per_minute: integer(1, 120, 20),
  }),
  collections: {
    automations: {
      itemSchema: automationItem,
      limits: { free: 3, premium: 50 },
      titleField: "name",
      // Automations saved by the one-trigger, one-action form: that action becomes the list. A
      // trigger or action with no equivalent here (a voice join, deleting the message) is kept off.
      upgrade: (stored) => {
        if (!("action" in stored)) return stored;
        const { trigger: type, action: step, channel_id: channelId, role_id: roleId, message, ...rest } = stored;
        const lost = type === "voice_join" || step === "delete_message";
        return {
          ...rest,
          ...(lost ? { enabled: false } : {}),
          trigger: { type: type === "message_sent" ? "message_matches" : type === "voice_join" ? "member_join" : type, match_mode: "regex", pattern: "." },
          conditions: [],
          actions: [{ type: step === "delete_message" ? "send_message" : step, channel_id: channelId ?? null, role_id: roleId ?? null, content: message ?? "" }],
        };
      },
    },
  },
});
