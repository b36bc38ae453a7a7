import { customIssue } from "../../validation/issues";
import { inputText } from "../../validation/text";
import type { FieldMeta } from "../types";

// The name a temporary channel gets, as the bot fills it in when a member joins the creator
// channel. Only these variables exist; the template is checked at its longest fill (every
// variable at its widest value) so that no member's name can push it past the platform's
// 100 characters for a channel name and have the creation refused.

/** Each variable and the most characters the bot puts in its place. */
export const NAME_VARIABLES = {
  /** The member's display name (nickname or global name): the platform allows 32. */
  user: 32,
  /** The member's username: 32 at most. */
  "user.name": 32,
  /** The channel's number among the guild's open temporary channels (1, 2, …). */
  count: 3,
} as const satisfies Record<string, number>;

export const MAX_CHANNEL_NAME = 100;

const VARIABLE = /\{([^{}]*)\}/g;

/** The template with every variable at its longest, as a length. */
export function longestFill(template: string): number {
  return template.replace(VARIABLE, (whole, name: string) => (name in NAME_VARIABLES ? "x".repeat(NAME_VARIABLES[name as keyof typeof NAME_VARIABLES]) : whole)).length;
}

/** The first {name} that is not a variable the bot fills, or null. */
export function unknownVariable(template: string): string | null {
  for (const [, name] of template.matchAll(VARIABLE)) if (!(name! in NAME_VARIABLES)) return `{${name}}`;
  return null;
}

export const nameTemplateField = (fallback: string, meta: FieldMeta = {}) =>
  inputText()
    .trim()
    .max(MAX_CHANNEL_NAME)
    .superRefine((template, ctx) => {
      const unknown = unknownVariable(template);
      if (unknown) return ctx.addIssue(customIssue("unknown_template_variable", { variable: unknown, known: Object.keys(NAME_VARIABLES).map((name) => `{${name}}`).join(", ") }));
      const longest = longestFill(template);
      if (longest > MAX_CHANNEL_NAME) ctx.addIssue(customIssue("name_too_long_filled", { limit: MAX_CHANNEL_NAME, actual: longest }));
    })
    .default(fallback)
    .meta(meta);
