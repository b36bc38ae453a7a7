import { z } from "zod";

import type { ApiResponse } from "./api-errors";

// Zod issues rendered the way Discord reports a bad form body (code 50035),
// so clients that print Discord's nested errors work unchanged.

export interface DiscordFieldError {
  code: string;
  message: string;
}

type ErrorTree = { _errors?: DiscordFieldError[]; [key: string]: ErrorTree | DiscordFieldError[] | undefined };

const lengthy = (origin: string) => origin === "string" || origin === "array";

function discordCode(issue: z.core.$ZodIssue): string {
  switch (issue.code) {
    case "too_big":
      return lengthy(issue.origin) ? "BASE_TYPE_MAX_LENGTH" : "NUMBER_TYPE_MAX";
    case "too_small":
      return lengthy(issue.origin) ? "BASE_TYPE_MIN_LENGTH" : "NUMBER_TYPE_MIN";
    case "custom": {
      // Refinements name Discord's own code, e.g. MAX_EMBED_SIZE_EXCEEDED.
      const code = (issue.params as { discordCode?: unknown } | undefined)?.discordCode;
      return typeof code === "string" ? code : "BASE_TYPE_INVALID";
    }
    case "invalid_type":
      return issue.input === undefined ? "BASE_TYPE_REQUIRED" : "NUMBER_TYPE_COERCE";
    case "invalid_value":
      return "BASE_TYPE_CHOICES";
    default:
      return "BASE_TYPE_INVALID";
  }
}

export function discordErrors(error: z.ZodError): ErrorTree {
  const tree: ErrorTree = {};
  for (const issue of error.issues) {
    let node = tree;
    for (const key of issue.path) {
      const name = String(key);
      const next = node[name];
      if (next === undefined || Array.isArray(next)) node[name] = {};
      node = node[name] as ErrorTree;
    }
    (node._errors ??= []).push({ code: discordCode(issue), message: issue.message });
  }
  return tree;
}

export function invalidFormBody(error: z.ZodError) {
  return { message: "Invalid Form Body", code: 50035, errors: discordErrors(error) };
}

/** Parses route input; on failure, the 400 Invalid Form Body answer. */
export function parse<T extends z.ZodType>(schema: T, input: unknown): { ok: true; data: z.output<T> } | { ok: false; response: ApiResponse } {
  const result = schema.safeParse(input);
  return result.success ? { ok: true, data: result.data } : { ok: false, response: { status: 400, body: invalidFormBody(result.error) } };
}

export const snowflake = z
  .string()
  .refine((value) => /^\d{1,20}$/.test(value) && BigInt(value) < 1n << 64n, "Value is not snowflake.");

/** Discord accepts true/false and 1/0 for boolean query flags. */
export const queryBoolean = z
  .enum(["true", "false", "True", "False", "1", "0"])
  .transform((value) => value === "true" || value === "True" || value === "1");

export const queryInt = (min: number, max: number, fallback: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);
