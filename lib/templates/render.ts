// The one message-template renderer (spec 3 "Template variables in message editors"), shared
// by the server (bot, preview endpoint) and the browser (live preview) so they never disagree.
// Pure and client-safe: no I/O, no Node-only APIs.
//
// Syntax: `{name}` where name is one of TEMPLATE_VARIABLES (variables.ts), case-sensitive, or
// `{random:x-y}`, or, in social alerts, a key of the context's `item` (`{streamer}`, `{title}`). Anything else is left exactly as written, so mistakes stay visible:
// unknown names (`{nope}`, `{Server}`, `{ server }`), unclosed or stray braces (`{server.name`,
// `}{`). There is no escape: in `{{server.name}}` the inner `{server.name}` is a variable and
// the outer braces are text, giving `{Night Owls}`. Values are inserted once and never
// re-rendered, so a server named "{user}" stays "{user}".

import { guildIconUrl, userAvatarUrl } from "@/lib/platform/cdn";
import type { TemplateContext } from "./context";
import { withDefaultText } from "./default-messages";

export type RenderOptions = {
  /** Source of randomness in [0, 1) for `{random}`; defaults to Math.random (tests force values). */
  random?: () => number;
};

/** `{random}` without a range. */
export const RANDOM_DEFAULT_MIN = 0;
export const RANDOM_DEFAULT_MAX = 100;
/** `{random:x-y}` with y − x above this is left as written. */
export const RANDOM_MAX_SPAN = 1e9;
/** `{plan.name}` without a plan. */
export const FREE_PLAN_NAME = "Free";

type Resolver = (context: TemplateContext) => string | undefined;

const iconUrl: Resolver = (c) => guildIconUrl(c.cdnBase, c.server) ?? "";
const avatarUrl: Resolver = (c) => userAvatarUrl(c.cdnBase, c.user);
const mention: Resolver = (c) => `<@${c.user.id}>`;
const serverName: Resolver = (c) => c.server.name;

// A Map, not an object literal: `{constructor}` or `{__proto__}` must not find Object.prototype.
const RESOLVERS: ReadonlyMap<string, Resolver> = new Map<string, Resolver>([
  ["server.name", serverName],
  ["server", serverName],
  ["server.id", (c) => c.server.id],
  ["server.icon_url", iconUrl],
  ["server.icon", iconUrl],
  ["server.owner", (c) => c.server.ownerName ?? (c.server.ownerId ? `<@${c.server.ownerId}>` : "")],
  ["server.owner_id", (c) => c.server.ownerId],
  ["server.region", (c) => c.server.region ?? ""],
  ["server.member_count", (c) => String(c.server.memberCount)],
  ["server.verification_level", (c) => (c.server.verificationLevel === undefined ? "" : String(c.server.verificationLevel))],
  ["server.joined_at", (c) => c.server.joinedAt ?? ""],
  ["user", mention],
  ["user.mention", mention],
  ["user.id", (c) => c.user.id],
  ["user.name", (c) => c.user.username],
  ["user.discriminator", (c) => c.user.discriminator],
  ["user.idname", (c) => (c.user.discriminator === "0" ? c.user.username : `${c.user.username}#${c.user.discriminator}`)],
  ["user.avatar_url", avatarUrl],
  ["user.avatar", avatarUrl],
  ["user.bot", (c) => String(c.user.bot)],
  ["channel", (c) => c.channel && `<#${c.channel.id}>`],
  ["channel.name", (c) => c.channel?.name],
  ["channel.id", (c) => c.channel?.id],
  ["channel.type", (c) => c.channel && String(c.channel.type)],
  ["plan.name", (c) => c.plan?.name ?? FREE_PLAN_NAME],
]);

const RANDOM_RANGE = /^random:(-?\d+)-(-?\d+)$/;

function randomInt(min: number, max: number, random: () => number): string {
  let r = random();
  if (!(r >= 0)) r = 0; // NaN or negative
  const value = min + Math.floor(r * (max - min + 1));
  return String(Math.min(max, value)); // r ≥ 1 from a faulty source still stays in range
}

function resolveRandom(expression: string, random: () => number): string | undefined {
  if (expression === "random") return randomInt(RANDOM_DEFAULT_MIN, RANDOM_DEFAULT_MAX, random);
  const match = RANDOM_RANGE.exec(expression);
  if (!match) return undefined;
  let low = Number(match[1]);
  let high = Number(match[2]);
  if (!Number.isSafeInteger(low) || !Number.isSafeInteger(high)) return undefined;
  if (low > high) [low, high] = [high, low];
  if (high - low > RANDOM_MAX_SPAN) return undefined;
  return randomInt(low, high, random);
}

/**
 * The value of one variable (what is between the braces), or undefined when it is not a
 * variable or has no value in this context (then the template keeps it as written).
 */
export function resolveVariable(expression: string, context: TemplateContext, options: RenderOptions = {}): string | undefined {
  try {
    const resolver = RESOLVERS.get(expression);
    if (resolver) return resolver(context);
    // Own keys only: `{constructor}` must not find Object.prototype.
    if (context.item && Object.hasOwn(context.item, expression)) return context.item[expression];
    return resolveRandom(expression, options.random ?? Math.random);
  } catch {
    // A context missing fields (from untyped callers) or a throwing random source: keep as written.
    return undefined;
  }
}

// Innermost brace pairs: `{` then anything but braces then `}`.
const VARIABLE = /\{([^{}]*)\}/g;

/** Renders `text` against `context`. Never throws; see the header for the rules. */
export function renderTemplate(text: string, context: TemplateContext, options: RenderOptions = {}): string {
  if (typeof text !== "string") return "";
  // String.prototype.replace scans once, so inserted values are never rendered again.
  return withDefaultText(text, context.defaults).replace(VARIABLE, (whole, expression: string) => resolveVariable(expression, context, options) ?? whole);
}
