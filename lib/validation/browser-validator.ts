import { getPlugin } from "@/lib/plugins/index";
import { needIssue, unmetNeeds, type NeedLabels, type NeedState } from "@/lib/plugins/needed-fields";
import type { Locale } from "@/lib/i18n/locales";
import type { FieldIssue } from "./issues";
import { fieldIssues, issueText, type ValidationMessages } from "./issue-text";

// The browser's half of "one schema, both sides": the settings forms import this on demand
// (first focus, or a save), so zod, the plugin schemas and this language's sentences stay out
// of the pages' first-load JavaScript. The server parses with the very same schemas, and
// refuses the same unmet needs (lib/plugins/needed-fields.ts).

export type Validator = {
  /** The schema's own problems with these values. */
  validate: (values: unknown) => FieldIssue[];
  /** The fields a write from `before` to `after` would leave empty although needed, named with `labels`. */
  needs: (before: NeedState, after: NeedState, labels: NeedLabels) => FieldIssue[];
};

export async function loadValidator(pluginId: string, collection: string | undefined, locale: Locale): Promise<Validator> {
  const plugin = getPlugin(pluginId);
  const schema = collection === undefined ? plugin?.configSchema : plugin?.collections[collection]?.itemSchema;
  if (!schema) throw new Error(`no schema for ${pluginId}${collection ? `/${collection}` : ""}`);
  const messages = (await import(`@/messages/validation/${locale}.json`)) as { default: ValidationMessages };
  const text = issueText(locale, messages.default);
  return {
    validate: (values) => {
      const result = schema.safeParse(values, { reportInput: true });
      return result.success ? [] : fieldIssues(result.error, "", text);
    },
    needs: (before, after, labels) =>
      unmetNeeds(schema, before, after).map((unmet) => {
        const { path, code, params } = needIssue(unmet, after.values ?? {}, labels);
        return { path, code, params, message: text(code, params) };
      }),
  };
}
