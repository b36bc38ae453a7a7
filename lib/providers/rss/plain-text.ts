import "server-only";
import { Parser } from "htmlparser2";

// Feed descriptions are HTML (escaped or in CDATA); alerts and previews want a line of text.
// htmlparser2 tokenises the way browsers forgive broken markup and decodes every entity.

const SKIPPED = new Set(["script", "style", "template"]);

/** The text of an HTML fragment, whitespace collapsed, cut at a word near `max` characters. */
export function plainText(html: string, max = 280): string {
  let text = "";
  let skipping = 0;
  const parser = new Parser(
    {
      onopentag: (name) => {
        if (SKIPPED.has(name)) skipping += 1;
        else if (name === "br" || name === "p" || name === "li") text += " ";
      },
      onclosetag: (name) => {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1);
      },
      ontext: (chunk) => {
        if (!skipping) text += chunk;
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  return shorten(text.replace(/\s+/g, " ").trim(), max);
}

function shorten(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
