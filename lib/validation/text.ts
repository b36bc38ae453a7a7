import { z } from "zod";

// The one string type for everything that comes from outside (DESIGN, security rules):
// request bodies, path and query parameters, imported settings files. Every schema
// builds its strings from inputText(), never from z.string() (eslint.config.mjs says so).
//
// Why: PostgreSQL text and jsonb cannot hold NUL (jsonb refuses "\u0000"), and an
// unpaired UTF-16 surrogate has no UTF-8 form (jsonb refuses it too; elsewhere it
// turns into U+FFFD). Letting either through means a 500 from the database or text
// silently changed on its way to Discord. Refused here, they are a 400 naming the field.
// Client-safe: the settings forms validate with the same schemas.

const NUL = "\u0000";
/** In a `u` regex a lone surrogate is a code point of its own, which \p{Cs} matches; pairs are not. */
const LONE_SURROGATE = /\p{Cs}/u;

/** Issue codes (lib/validation/issues.ts): the field says which in the user's language. */
export const NUL_ISSUE = "text_nul";
export const SURROGATE_ISSUE = "text_surrogate";

/** What is wrong with a string from outside, or null when it may be kept. */
export function textProblem(value: string): string | null {
  if (value.includes(NUL)) return NUL_ISSUE;
  if (LONE_SURROGATE.test(value)) return SURROGATE_ISSUE;
  return null;
}

/**
 * The shared check. It aborts (continue: false), so the checks chained after it (length,
 * pattern) do not run on such a string and the field gets this one clear message.
 */
export const WELL_FORMED_TEXT = z.superRefine<string>((value, ctx) => {
  const problem = textProblem(value);
  if (problem) ctx.addIssue({ code: "custom", message: problem, input: value, continue: false });
});

/** A string from outside: refuses NUL and unpaired surrogates; chain .max(), .regex() etc. after it. */
export function inputText(notText?: string) {
  return z.string(notText).check(WELL_FORMED_TEXT);
}

/** An ISO 8601 date and time with an offset (or Z), as inputText. */
export function inputDateTime(error?: string) {
  return inputText().check(z.iso.datetime({ offset: true, error }));
}

/** A UUID (item ids), as inputText. */
export function inputUuid(error?: string) {
  return inputText().check(z.uuid({ error }));
}
