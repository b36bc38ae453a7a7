// The `{` suggestions, with each variable hinted by what it becomes in the preview's sample. Its own
// module: the variable catalogue and the template renderer load when a message box first takes
// focus (message-editor.tsx), not with every page that shows one.
import type { TemplateContext } from "@/lib/templates/context";
import { toDisplay, type MentionLookup } from "@/lib/templates/mentions";
import { resolveVariable } from "@/lib/templates/render";
import { TEMPLATE_VARIABLES } from "@/lib/templates/variables";
import { steadyRandom } from "./mention-lookup";
import { rank, type ExtraVariable, type Suggestion } from "./suggest";

/**
 * `valueOf` shows what a variable becomes here (the preview sample); without it, the generic
 * example shows. `extra` (a social alert's variables) come first, hinted by their value when the
 * preview has one, else by their description.
 */
export function variableSuggestions(query: string, valueOf?: (name: string) => string | undefined, extra: readonly ExtraVariable[] = []): Suggestion[] {
  const own: Suggestion[] = rank(extra, query, (variable) => [variable.name]).map((variable) => ({
    key: `variable:${variable.name}`,
    kind: "variable",
    label: `{${variable.name}}`,
    hint: valueOf?.(variable.name) || variable.description,
    insert: `{${variable.name}}`,
  }));
  return [...own, ...templateVariableSuggestions(query, valueOf)];
}

function templateVariableSuggestions(query: string, valueOf?: (name: string) => string | undefined): Suggestion[] {
  // Technical names (ids, aliases) wait until the owner types past the dot: `{user.d`.
  const pastDot = /\.[^.]+/.test(query);
  const offered = TEMPLATE_VARIABLES.filter((variable) => !variable.technical || pastDot);
  return rank(offered, query, (variable) => [variable.name]).map((variable) => {
    const value = valueOf ? valueOf(variable.name) : variable.example;
    return {
      key: `variable:${variable.name}`,
      kind: "variable",
      label: `{${variable.name}}`,
      // An empty value (no region here) shows no hint; a missing one (no channel) the generic example.
      hint: value === undefined ? variable.example : value || undefined,
      insert: `{${variable.name}}`,
    };
  });
}

/** What `{query` suggests in a box whose preview draws `context`: hints are this server's values. */
export function sampleVariableSuggestions(query: string, context: TemplateContext, lookup: MentionLookup, extra?: readonly ExtraVariable[]): Suggestion[] {
  const valueOf = (name: string) => {
    const value = resolveVariable(name, context, { random: steadyRandom });
    return value === undefined ? undefined : toDisplay(value, lookup);
  };
  return variableSuggestions(query, valueOf, extra);
}
