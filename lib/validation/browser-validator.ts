import { getPlugin } from "@/lib/plugins/index";
import type { Locale } from "@/lib/i18n/locales";
import type { FieldIssue } from "./issues";
import { fieldIssues, issueText, type ValidationMessages } from "./issue-text";

// The browser's half of "one schema, both sides": the settings forms import this on demand
// (first focus, or a save), so zod, the plugin schemas and this language's sentences stay out
// of the pages' first-load JavaScript. The server parses with the very same schemas.

export type Validate = (values: unknown) => FieldIssue[];

export async function loadValidator(pluginId: string, collection: string | undefined, locale: Locale): Promise<Validate> {
  const plugin = getPlugin(pluginId);
  const schema = collection === undefined ? plugin?.configSchema : plugin?.collections[collection]?.itemSchema;
  if (!schema) throw new Error(`no schema for ${pluginId}${collection ? `/${collection}` : ""}`);
  const messages = (await import(`@/messages/validation/${locale}.json`)) as { default: ValidationMessages };
  const text = issueText(locale, messages.default);
  return (values) => {
    const result = schema.safeParse(values, { reportInput: true });
    return result.success ? [] : fieldIssues(result.error, "", text);
  };
}
