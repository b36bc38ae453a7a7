// Mentions as the message editor shows them: `#rules` and `@Moderators` in the box, stored as
// the platform's `<#id>` and `<@&id>`. A mention reads by name only when that name points at
// one thing (two channels called "general" keep their raw `<#id>`, as does a name the editor
// does not know), so the way back to the stored text never picks the wrong one. Typing a known
// `#name` or `@name` by hand makes a mention too, as it does in the platform's own client.
// Pure and client-safe.

import { splitMentions, type MentionKind } from "./mentions";

export type NamedThing = { id: string; name: string };

export type EditableNames = {
  channels: readonly NamedThing[];
  roles: readonly NamedThing[];
  /** Members whose names the editor has seen (the viewer, search results). */
  members: readonly NamedThing[];
};

type Token = { name: string; token: string };

/** What each sigil's names stand for, longest name first; ambiguous names are left out. */
export type MentionNames = { byToken: ReadonlyMap<string, string>; bySigil: Readonly<Record<"#" | "@", readonly Token[]>> };

const TOKEN_OF: Record<MentionKind, (id: string) => string> = {
  channel: (id) => `<#${id}>`,
  role: (id) => `<@&${id}>`,
  user: (id) => `<@${id}>`,
};

/** Indexes the names once per list change (the editor memoizes it). */
export function mentionNames({ channels, roles, members }: EditableNames): MentionNames {
  const groups: Array<["#" | "@", MentionKind, readonly NamedThing[]]> = [
    ["#", "channel", channels],
    ["@", "role", roles],
    ["@", "user", members],
  ];
  const seen = new Map<string, Set<string>>();
  for (const [sigil, kind, things] of groups) {
    for (const { id, name } of things) {
      // `@everyone` is the platform's own word, not a role mention.
      if (name === "" || name.startsWith("@")) continue;
      const key = sigil + name;
      seen.set(key, (seen.get(key) ?? new Set()).add(TOKEN_OF[kind](id)));
    }
  }
  const byToken = new Map<string, string>();
  const bySigil: Record<"#" | "@", Token[]> = { "#": [], "@": [] };
  for (const [key, tokens] of seen) {
    if (tokens.size !== 1) continue;
    const token = [...tokens][0]!;
    byToken.set(token, key);
    bySigil[key[0] as "#" | "@"].push({ name: key.slice(1), token });
  }
  for (const list of Object.values(bySigil)) list.sort((a, b) => b.name.length - a.name.length);
  return { byToken, bySigil };
}

/** The stored text as the editor shows it: each mention with a name of its own by that name. */
export function toEditable(stored: string, names: MentionNames): string {
  return splitMentions(stored)
    .map((segment) => (segment.kind === "text" ? segment.value : (names.byToken.get(TOKEN_OF[segment.kind](segment.id)) ?? segment.value)))
    .join("");
}

// A name goes on while letters, digits, `_` or `-` follow: `#rules-2` is not `#rules` then "-2".
const NAME_GOES_ON = /[\p{L}\p{N}_-]/u;

/** The editor's text as stored: every known `#name` and `@name` becomes the platform's mention. */
export function toStored(editable: string, names: MentionNames): string {
  let out = "";
  let from = 0;
  for (let at = 0; at < editable.length; at++) {
    const sigil = editable[at];
    // A sigil inside a word (`ada@example.org`) starts no mention.
    if ((sigil !== "#" && sigil !== "@") || NAME_GOES_ON.test(editable.charAt(at - 1))) continue;
    const match = names.bySigil[sigil].find(
      ({ name }) => editable.startsWith(name, at + 1) && !NAME_GOES_ON.test(editable.charAt(at + 1 + name.length)),
    );
    if (!match) continue;
    out += editable.slice(from, at) + match.token;
    from = at + 1 + match.name.length;
    at = from - 1;
  }
  return out + editable.slice(from);
}
