import type { Locale } from "@/lib/i18n/locales";
import ar from "@/messages/validation/ar.json";
import de from "@/messages/validation/de.json";
import en from "@/messages/validation/en.json";
import es from "@/messages/validation/es.json";
import fr from "@/messages/validation/fr.json";
import pt from "@/messages/validation/pt.json";
import ru from "@/messages/validation/ru.json";
import tr from "@/messages/validation/tr.json";
import tw from "@/messages/validation/tw.json";
import type { FieldIssue, IssueCode, IssueParams } from "./issues";
import { issueText, type IssueText, type ValidationMessages } from "./issue-text";

// Every language's validation sentences, for the API's error envelopes (a few KB in all).
// The browser loads only its own language (lib/validation/browser-validator.ts).

export const VALIDATION_MESSAGES: Record<Locale, ValidationMessages> = { ar, de, en, es, fr, pt, ru, tr, tw };

const texts = new Map<Locale, IssueText>();

export function issueTextFor(locale: Locale): IssueText {
  let text = texts.get(locale);
  if (!text) texts.set(locale, (text = issueText(locale, VALIDATION_MESSAGES[locale])));
  return text;
}

/** A field issue found outside zod (references, membership), worded in English until the envelope is translated. */
export function fieldIssue(path: string, code: IssueCode, params?: IssueParams): FieldIssue {
  return { path, code, ...(params ? { params } : {}), message: issueTextFor("en")(code, params) };
}
