/** @jest-environment node */
// Every way every plugin schema can refuse a value reaches the user as a sentence of our own,
// in each of the 9 languages: never zod's developer English, never an unfilled {placeholder}.
import { z } from "zod";
import { LOCALES } from "@/lib/i18n/locales";
import { configFormSpec, itemFormSpec, type FormField } from "@/lib/plugins/form-spec";
import { PLUGINS } from "@/lib/plugins/index";
import { sampleItems } from "@/test/plugin-samples";
import { describeIssue, ISSUE_CODES, type IssueCode } from "./issues";
import { issueTextFor, VALIDATION_MESSAGES } from "./server-messages";

const CHANNEL = "584342883843309568";
const ROLE = "584329294298349573";
const SAMPLES = sampleItems({ channel: CHANNEL, role: ROLE });

/** Values that break a field in each way its description allows. */
function badValues(field: FormField): unknown[] {
  const bad: unknown[] = [{ wrong: "type" }, "a\u0000b"];
  if (field.type === "string") {
    if (field.maxLength !== undefined) bad.push("x".repeat(field.maxLength + 1));
    bad.push("!! not valid !!", "");
  }
  if (field.type === "integer" || field.type === "number") {
    if (field.min !== undefined) bad.push(field.min - 1);
    if (field.max !== undefined) bad.push(field.max + 1);
    bad.push(1.5, "12");
  }
  if (field.type === "enum") bad.push("not-an-option");
  if (field.type === "array" || field.type === "object-array") {
    bad.push("not a list", [12345]);
    if (field.maxItems !== undefined) bad.push(Array.from({ length: field.maxItems + 1 }, () => (field.itemType === "string" ? CHANNEL : {})));
  }
  if (field.type === "boolean") bad.push("yes");
  return bad;
}

type Target = { label: string; schema: z.ZodType; fields: FormField[]; valid: Record<string, unknown> };

const targets: Target[] = PLUGINS.flatMap((plugin) => [
  { label: `${plugin.id} config`, schema: plugin.configSchema, fields: configFormSpec(plugin).fields, valid: plugin.configSchema.parse({}) as Record<string, unknown> },
  ...Object.entries(plugin.collections).flatMap(([name, collection]) => {
    const valid = SAMPLES[`${plugin.id}/${name}`];
    return valid ? [{ label: `${plugin.id}/${name}`, schema: collection.itemSchema, fields: itemFormSpec(plugin, name).fields, valid }] : [];
  }),
]);

const failures = targets.flatMap((target) =>
  target.fields.flatMap((field) =>
    badValues(field).flatMap((value) => {
      const result = target.schema.safeParse({ ...target.valid, [field.name]: value }, { reportInput: true });
      return result.success ? [] : result.error.issues.map((issue) => ({ where: `${target.label}.${field.name} = ${JSON.stringify(value).slice(0, 40)}`, issue }));
    }),
  ),
);

test("the walk meets every kind of failure the schemas have", () => {
  const codes = new Set(failures.map(({ issue }) => describeIssue(issue).code));
  for (const code of ["required", "too_long", "too_many", "too_small", "too_big", "not_integer", "not_number", "invalid_type", "invalid_option", "invalid_id", "invalid_link", "text_nul"] as const) {
    expect({ code, met: codes.has(code) }).toEqual({ code, met: true });
  }
  expect(failures.length).toBeGreaterThan(500);
});

test("every failure has a code of its own (none falls back to the generic one)", () => {
  const generic = failures.filter(({ issue }) => describeIssue(issue).code === "invalid").map(({ where, issue }) => `${where}: ${issue.code} ${issue.message}`);
  expect(generic).toEqual([]);
});

test.each(LOCALES)("every failure reads as a sentence of ours in %s", (locale) => {
  const text = issueTextFor(locale);
  const english = issueTextFor("en");
  const wrong: string[] = [];
  for (const { where, issue } of failures) {
    const { code, params } = describeIssue(issue);
    const sentence = text(code, params);
    if (!sentence.trim() || sentence === issue.message || /[{}]/.test(sentence) || sentence === `validation.${code}`) wrong.push(`${where}: ${sentence}`);
    // Translated, not a copy of the English (links, ids and names aside).
    if (locale !== "en" && sentence === english(code, params)) wrong.push(`${where}: still English: ${sentence}`);
  }
  expect(wrong).toEqual([]);
});

test.each(LOCALES)("%s has a sentence for every code, filled with its numbers", (locale) => {
  expect(Object.keys(VALIDATION_MESSAGES[locale]).sort()).toEqual([...ISSUE_CODES].sort());
  const sample = { min: 2, max: 1, limit: 6000, actual: 6001, keys: "extra", detail: "Must be 2000 or fewer in length.", field: "Welcome channel", plugin: "Welcome", chain_id: 31337, confirmations: 3, minutes: 30 };
  for (const code of ISSUE_CODES) {
    const sentence = issueTextFor(locale)(code as IssueCode, sample);
    expect({ code, sentence: /[{}]/.test(sentence) || sentence.length < 4 }).toEqual({ code, sentence: false });
  }
});

test("plurals follow the language", () => {
  expect(issueTextFor("en")("too_long", { max: 1 })).toBe("Use at most 1 character.");
  expect(issueTextFor("en")("too_long", { max: 32 })).toBe("Use at most 32 characters.");
  expect(issueTextFor("ru")("too_long", { max: 2 })).toBe("Используйте не более 2 символов.");
  expect(issueTextFor("ru")("too_long", { max: 21 })).toBe("Используйте не более 21 символа.");
  expect(issueTextFor("ar")("too_few", { min: 2 })).toBe("اختر عنصرين على الأقل.");
});

test("a missing value reads as required, an unknown key names itself", () => {
  const schema = z.strictObject({ name: z.string(), age: z.number() });
  const issues = schema.safeParse({ age: 3, extra: 1 }, { reportInput: true }).error!.issues;
  expect(issues.map(describeIssue)).toEqual([{ code: "required" }, { code: "unknown_field", params: { keys: "extra" } }]);
});
