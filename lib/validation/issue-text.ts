import { createTranslator } from "next-intl";
import type { z } from "zod";
import { describeIssue, issuePath, type FieldIssue, type IssueCode, type IssueParams } from "./issues";

// Issue codes to sentences, with the ICU messages of messages/validation/<locale>.json
// (plurals included). The same function runs on the server (API envelopes) and in the
// browser (forms validating as you type), so both say the same thing. Client-safe.

export type ValidationMessages = Record<IssueCode, string>;
export type IssueText = (code: IssueCode, params?: IssueParams) => string;

export function issueText(locale: string, messages: ValidationMessages): IssueText {
  const t = createTranslator({ locale, messages: { validation: messages }, namespace: "validation" });
  return (code, params) => (t as (key: string, values?: IssueParams) => string)(code, params);
}

/** The field issues of a failed parse, in the language of `text`; `fallback` names the whole input. */
export function fieldIssues(error: z.ZodError, fallback: string, text: IssueText): FieldIssue[] {
  return error.issues.slice(0, 50).map((issue) => {
    const { code, params } = describeIssue(issue);
    return { path: issuePath(issue, fallback), code, ...(params ? { params } : {}), message: text(code, params) };
  });
}
