// The message editor's autocompletion, as pure functions (spec 3 "Editor triggers"):
// `{` for template variables, `#` for text channels (type 0, by position), `@` for members
// (nick or name, searched through the API) and mentionable roles. The stored text keeps the
// platform syntax, so every suggestion inserts `{name}`, `<#id>`, `<@id>` or `<@&id>`.

import { channelSlug } from "@/lib/templates/mentions";

export type TriggerKind = "variable" | "channel" | "mention";

/** What the caret is completing: the sigil sits at `start`, the query runs from `start + 1` to `end` (the caret). */
export type Trigger = { kind: TriggerKind; start: number; end: number; query: string };

export type SuggestionKind = "variable" | "channel" | "member" | "role";

export type Suggestion = {
  /** Unique in one list: kind and id (or variable name). */
  key: string;
  kind: SuggestionKind;
  /** What the list shows: `{server.name}`, `#general`, `@Ada`, `@Moderators`. */
  label: string;
  hint?: string;
  /** The platform syntax the pick inserts in place of the sigil and query. */
  insert: string;
  /** A role's colour (CSS), when it has one. */
  color?: string;
};

/** Channel and role data as the pickers carry it (lib/guilds/pickers.ts). */
export type ChannelLike = { id: string; name: string; type: number; position: number };
export type RoleLike = { id: string; name: string; color: number; position: number; mentionable: boolean };

/** A row of `GET /api/guilds/{id}/members/search`. */
export type SearchMember = { id: string; username: string; global_name: string | null; nick: string | null; avatar: string | null };

const TEXT_CHANNEL = 0;
/** Usernames, nicknames and channel names are short; a longer run is ordinary text. */
const MAX_QUERY = 32;
const SIGILS: Readonly<Record<string, TriggerKind>> = { "{": "variable", "#": "channel", "@": "mention" };
const VARIABLE_QUERY = /^[\w.:-]*$/;
/** A `#` or `@` after one of these is not a trigger: `a@b.c`, `<#123>`, `<@&`, `##`, `}#`. */
const GLUED = /[\p{L}\p{N}\p{M}_<>&!@#{}]/u;
/** Characters that end a query when met walking back from the caret. */
const BREAK = /[\s{}<>]/;

export const MAX_CHANNELS = 25;
export const MAX_ROLES = 10;
export const MAX_MEMBERS = 10;

/** The trigger the caret is in, or null. Only the text before the caret counts. */
export function findTrigger(text: string, caret: number): Trigger | null {
  const end = Math.min(Math.max(caret, 0), text.length);
  for (let at = end - 1; at >= 0 && end - at <= MAX_QUERY + 1; at--) {
    const char = text.charAt(at);
    const kind = SIGILS[char];
    if (kind) {
      const query = text.slice(at + 1, end);
      if (kind === "variable") return VARIABLE_QUERY.test(query) ? { kind, start: at, end, query } : null;
      if (at > 0 && GLUED.test(text.charAt(at - 1))) return null;
      return { kind, start: at, end, query };
    }
    if (BREAK.test(char)) return null;
  }
  return null;
}

/** Replaces the trigger (sigil and query) with `insert`; the caret goes right after it. */
export function applySuggestion(text: string, trigger: Pick<Trigger, "start" | "end">, insert: string): { text: string; caret: number } {
  return { text: text.slice(0, trigger.start) + insert + text.slice(trigger.end), caret: trigger.start + insert.length };
}

const fold = (text: string) => text.toLocaleLowerCase();

/** Matches that start with the query first, then those that contain it; order otherwise kept. */
export function rank<T>(items: readonly T[], query: string, keys: (item: T) => readonly string[]): T[] {
  const needle = fold(query.trim());
  if (!needle) return [...items];
  const starts: T[] = [];
  const contains: T[] = [];
  for (const item of items) {
    const haystacks = keys(item).map(fold);
    if (haystacks.some((key) => key.startsWith(needle))) starts.push(item);
    else if (haystacks.some((key) => key.includes(needle))) contains.push(item);
  }
  return [...starts, ...contains];
}

/** A social alert's own variable (`{streamer}`…) with its translated description. */
export type ExtraVariable = { name: string; description: string };

function compareIds(a: string, b: string): number {
  return a.length - b.length || (a < b ? -1 : a > b ? 1 : 0);
}

/** Text channels only, by position (then id); found by slug or name, shown by name as the platform shows it (emoji kept). */
export function channelSuggestions(channels: readonly ChannelLike[], query: string, max = MAX_CHANNELS): Suggestion[] {
  const text = channels
    .filter((channel) => channel.type === TEXT_CHANNEL)
    .sort((a, b) => a.position - b.position || compareIds(a.id, b.id))
    .map((channel) => ({ channel, slug: channelSlug(channel.name) }));
  return rank(text, query, ({ channel, slug }) => [slug, channel.name])
    .slice(0, max)
    .map(({ channel }) => ({ key: `channel:${channel.id}`, kind: "channel", label: `#${channel.name}`, insert: `<#${channel.id}>` }));
}

export function roleColor(color: number): string | undefined {
  return color > 0 ? `#${color.toString(16).padStart(6, "0")}` : undefined;
}

/** Mentionable roles only (spec 5), highest first; @everyone (id = guild id) is never offered. */
export function roleSuggestions(roles: readonly RoleLike[], query: string, guildId: string, roleHint: string, max = MAX_ROLES): Suggestion[] {
  const mentionable = roles.filter((role) => role.mentionable && role.id !== guildId).sort((a, b) => b.position - a.position);
  return rank(mentionable, query, (role) => [role.name])
    .slice(0, max)
    .map((role) => ({ key: `role:${role.id}`, kind: "role", label: `@${role.name}`, hint: roleHint, insert: `<@&${role.id}>`, color: roleColor(role.color) }));
}

/** How a member reads in the editor and preview: nickname, else display name, else username. */
export function memberName(member: Pick<SearchMember, "username" | "global_name" | "nick">): string {
  return member.nick || member.global_name || member.username;
}

export function memberSuggestions(members: readonly SearchMember[], max = MAX_MEMBERS): Suggestion[] {
  return members
    .slice(0, max)
    .map((member) => ({ key: `member:${member.id}`, kind: "member", label: `@${memberName(member)}`, hint: member.username, insert: `<@${member.id}>` }));
}
