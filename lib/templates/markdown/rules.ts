// The platform's markdown rules, for simple-markdown's parser. Most come from
// discord-markdown-parser; the few written here are rules it lacks (lists) or gets wrong for
// a preview (headings and subtext without the platform's "# # x is text", masked links to any
// scheme, `<javascript:…>` autolinks, a code block regex that takes seconds on "```" and a few
// thousand newlines). Pure and client-safe.
//
// The rules are imported by path, not from the package's index: the index also builds two
// parsers at load and carries a 17 KB emoji regex the preview does not need (the index alone
// is 10.4 KB gzipped; this whole parser, ours included, 8.4 KB). Those paths are not a public
// API, so package.json pins the exact version.

import SimpleMarkdown, { type ParserRule, type ParserRules } from "discord-markdown-parser/dist/simple-markdown";
import { blockQuote } from "discord-markdown-parser/dist/rules/blockQuote";
import { br } from "discord-markdown-parser/dist/rules/br";
import { em } from "discord-markdown-parser/dist/rules/em";
import { emoticon } from "discord-markdown-parser/dist/rules/emoticon";
import { spoiler } from "discord-markdown-parser/dist/rules/spoiler";
import { strikethrough } from "discord-markdown-parser/dist/rules/strike";
import { url } from "discord-markdown-parser/dist/rules/url";
import { channel } from "discord-markdown-parser/dist/rules/discord/channel";
import { emoji } from "discord-markdown-parser/dist/rules/discord/emoji";
import { everyone } from "discord-markdown-parser/dist/rules/discord/everyone";
import { here } from "discord-markdown-parser/dist/rules/discord/here";
import { role } from "discord-markdown-parser/dist/rules/discord/role";
import { timestamp } from "discord-markdown-parser/dist/rules/discord/time";
import { user } from "discord-markdown-parser/dist/rules/discord/user";

const { defaultRules, unescapeUrl } = SimpleMarkdown;

/** Block-like rules only start a line: what came before (the previous capture) ended one. */
const atLineStart = (previous: string) => previous === "" || previous.endsWith("\n");

// `# x` … `### x`, spaces before allowed; `# # x` and `#x` stay text, as on the platform.
const HEADING = /^ *(#{1,3}) (?!#) *(\S[^\n]*)(?:\n|$)/;
const heading: ParserRule = {
  order: defaultRules.heading.order,
  match: (source, state, previous) => (atLineStart(previous) && !state.inLink ? HEADING.exec(source) : null),
  parse: (capture, parse, state) => ({ level: (capture[1] ?? "#").length, content: parse((capture[2] ?? "").trimEnd(), state) }),
};

// `-# x`: no spaces before it, unlike headings; `-# -# x` stays text.
const SUBTEXT = /^-# (?!-#) *(\S[^\n]*)(?:\n|$)/;
const subtext: ParserRule = {
  order: defaultRules.heading.order,
  match: (source, state, previous) => (atLineStart(previous) && !state.inLink ? SUBTEXT.exec(source) : null),
  parse: (capture, parse, state) => ({ content: parse((capture[1] ?? "").trimEnd(), state) }),
};

// A list: its first item, then lines that are items at the same indentation or are indented
// further (an item's next lines, or a list inside it). A blank or less indented line ends it.
// The platform knows `-`, `*` and `1.`; not markdown's `+`.
const BULLET = String.raw`(?:[*-]|\d{1,9}\.)`;
const LIST = new RegExp(String.raw`^( *)${BULLET} +\S[^\n]*(?:\n\1(?: +|${BULLET} +)\S[^\n]*)*\n?`);
const ITEM = new RegExp(String.raw`^(${BULLET}) +`);

function listItems(capture: string, indent: number): { first: string; items: string[] } {
  const items: { head: string; rest: string[] }[] = [];
  let first = "";
  for (const line of capture.replace(/\n$/, "").split("\n")) {
    const body = line.slice(indent);
    const marker = ITEM.exec(body);
    if (marker) {
      if (items.length === 0) first = marker[1] ?? "";
      items.push({ head: body.slice(marker[0].length), rest: [] });
    } else {
      items.at(-1)?.rest.push(body);
    }
  }
  return {
    first,
    // An item's further lines lose the indentation they share, so a list inside starts its own line.
    items: items.map(({ head, rest }) => {
      const shared = Math.min(...rest.map((line) => line.length - line.trimStart().length));
      return [head, ...rest.map((line) => line.slice(shared))].join("\n");
    }),
  };
}

const list: ParserRule = {
  order: defaultRules.list.order,
  match: (source, state, previous) => (atLineStart(previous) && !state.inLink ? LIST.exec(source) : null),
  parse: (capture, parse, state) => {
    const { first, items } = listItems(capture[0] ?? "", (capture[1] ?? "").length);
    const ordered = first.endsWith(".");
    return { ordered, start: ordered ? Number.parseInt(first, 10) : 1, items: items.map((item) => parse(item, state)) };
  },
};

function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === "\n") start++;
  while (end > start && text[end - 1] === "\n") end--;
  return text.slice(start, end);
}

const LANGUAGE = /^([a-z0-9_+\-.#]+)\n+/i;

// ```` ```lang\ncode``` ````: the block ends at the first ``` after at least one character, and
// "lang" counts only when a newline follows it and code is left after it (the package's
// rules, found with indexOf rather than a regex that backtracks over runs of newlines).
const codeBlock: ParserRule = {
  order: defaultRules.codeBlock.order,
  match: (source) => {
    if (!source.startsWith("```")) return null;
    const end = source.indexOf("```", 4);
    if (end < 0) return null;
    const inner = source.slice(3, end);
    const language = LANGUAGE.exec(inner);
    const code = language ? trimNewlines(inner.slice(language[0].length)) : "";
    const capture: string[] = language && code !== "" ? [source.slice(0, end + 3), language[1] ?? "", code] : [source.slice(0, end + 3), "", trimNewlines(inner)];
    return capture;
  },
  parse: (capture) => ({ language: capture[1] ?? "", content: capture[2] ?? "" }),
};

const WEB_URL = /^https?:\/\/[^\s<]+$/i;
const URL_IN_TEXT = /https?:\/\//i;

// The target of a masked link: `(url)` or `(<url>)`, with balanced parentheses inside
// (`https://w.org/Foo_(bar)`). Each alternative starts with a different character, so this never
// backtracks; simple-markdown's own link regex took seconds on "[a](" repeated.
const TARGET = /^\(\s*<?((?:\([^()\s]*\)|[^\s()<>\\]|\\.)*)>?\s*\)/;

/** `[text](target)` at the start of `source`: the brackets' text may hold balanced brackets and escapes. */
function matchMask(source: string): string[] | null {
  if (source[0] !== "[") return null;
  let depth = 0;
  for (let index = 1; index < source.length; index++) {
    const character = source[index];
    if (character === "\\") index++;
    else if (character === "[") depth++;
    else if (character === "]" && depth > 0) depth--;
    else if (character === "]") {
      const target = TARGET.exec(source.slice(index + 1));
      return target ? [source.slice(0, index + 1 + target[0].length), source.slice(1, index), target[1] ?? ""] : null;
    }
  }
  return null;
}

// `[text](https://…)`; empty text, other targets and links inside links do not match: text. A URL
// in the text makes the whole mask text, as on the platform (the text could lie about the
// target), rather than letting the bare-URL rule run on through "](".
const link: ParserRule = {
  order: defaultRules.link.order,
  match: (source, state) => {
    if (state.inLink) return null;
    const capture = matchMask(source);
    return capture && (capture[1] ?? "").trim() !== "" && WEB_URL.test(unescapeUrl(capture[2] ?? "")) ? capture : null;
  },
  parse: (capture, parse, state) =>
    URL_IN_TEXT.test(capture[1] ?? "")
      ? { type: "text", content: capture[0] ?? "" }
      : { target: unescapeUrl(capture[2] ?? ""), content: parse(capture[1] ?? "", { ...state, inLink: true }) },
};

// `<https://…>` (a link the platform shows without its embed); `<javascript:…>` stays text.
const AUTOLINK = /^<(https?:\/\/[^\s>]+)>/i;
const autolink: ParserRule = {
  order: defaultRules.autolink.order,
  match: (source) => AUTOLINK.exec(source),
  parse: (capture) => ({ target: capture[1] ?? "" }),
};

// Plain text up to the next character a rule could start with. Unlike the package's rule, runs
// of non-Latin letters stay one piece: a long message in Arabic or Chinese is not parsed a
// character at a time.
const TEXT = /^[\s\S]+?(?=[^0-9A-Za-z\s\u00c0-\uffff]|\n|\w+:\S|$)/;
const text: ParserRule = {
  order: defaultRules.text.order,
  match: (source) => TEXT.exec(source),
  parse: (capture) => ({ content: capture[0] ?? "" }),
};

/** The rule set; each key is the raw node type the parser gives (parse.ts maps them to ours). */
export const RULES: ParserRules = {
  heading,
  subtext,
  spoiler,
  codeBlock,
  blockQuote,
  list,
  escape: defaultRules.escape,
  autolink,
  url,
  link,
  em,
  strong: defaultRules.strong,
  underline: defaultRules.u,
  user,
  channel,
  role,
  emoji,
  everyone,
  here,
  timestamp,
  strikethrough,
  inlineCode: defaultRules.inlineCode,
  br,
  text,
  emoticon,
};
