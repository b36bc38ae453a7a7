import fc from "fast-check";
import type { MarkdownNode } from "./ast";
import { parseMarkdown } from "./parse";

const ID = "123456789012345678";
const text = (value: string): MarkdownNode => ({ type: "text", text: value });
const bold = (...children: MarkdownNode[]): MarkdownNode => ({ type: "bold", children });
const italic = (...children: MarkdownNode[]): MarkdownNode => ({ type: "italic", children });

describe("parseMarkdown: styles", () => {
  it("gives nothing for empty text and plain text as one node", () => {
    expect(parseMarkdown("")).toEqual([]);
    expect(parseMarkdown("Hello, world! 1 + 1 = 2?")).toEqual([text("Hello, world! 1 + 1 = 2?")]);
    expect(parseMarkdown("line one\nline two")).toEqual([text("line one\nline two")]);
  });

  it.each<[string, MarkdownNode]>([
    ["**bold**", bold(text("bold"))],
    ["*italic*", italic(text("italic"))],
    ["_italic_", italic(text("italic"))],
    ["__underline__", { type: "underline", children: [text("underline")] }],
    ["~~strike~~", { type: "strike", children: [text("strike")] }],
    ["||spoiler||", { type: "spoiler", children: [text("spoiler")] }],
    ["`code`", { type: "inlineCode", code: "code" }],
    ["``a `tick` b``", { type: "inlineCode", code: "a `tick` b" }],
  ])("reads %s", (source, node) => {
    expect(parseMarkdown(source)).toEqual([node]);
  });

  it("nests styles as the platform does", () => {
    expect(parseMarkdown("***bold italic***")).toEqual([italic(bold(text("bold italic")))]);
    expect(parseMarkdown("__*underline italic*__")).toEqual([{ type: "underline", children: [italic(text("underline italic"))] }]);
    expect(parseMarkdown("||**bold** inside||")).toEqual([{ type: "spoiler", children: [bold(text("bold")), text(" inside")] }]);
    expect(parseMarkdown("*a **b** c*")).toEqual([italic(text("a "), bold(text("b")), text(" c"))]);
    expect(parseMarkdown("~~__**all**__~~")).toEqual([{ type: "strike", children: [{ type: "underline", children: [bold(text("all"))] }] }]);
  });

  it("keeps unterminated and stray markers as typed", () => {
    for (const source of ["**bold", "*italic", "__under", "~~strike", "||spoiler", "`code", "```code", "a * b * c", "2 * 3 = 6", "snake_case_name", "||", "***"]) {
      expect(parseMarkdown(source)).toEqual([text(source)]);
    }
    expect(parseMarkdown("**bold** and **not")).toEqual([bold(text("bold")), text(" and **not")]);
    // The platform's own oddity: four asterisks are an italic pair of asterisks.
    expect(parseMarkdown("****")).toEqual([italic(text("**"))]);
  });

  it("does not format inside code", () => {
    expect(parseMarkdown("`**x** <@" + ID + ">`")).toEqual([{ type: "inlineCode", code: `**x** <@${ID}>` }]);
  });
});

describe("parseMarkdown: escapes", () => {
  it("shows an escaped marker without its backslash and without its effect", () => {
    expect(parseMarkdown("\\*not italic\\*")).toEqual([text("*not italic*")]);
    expect(parseMarkdown("\\*\\*not bold\\*\\*")).toEqual([text("**not bold**")]);
    expect(parseMarkdown("\\||no spoiler||")).toEqual([text("||no spoiler||")]);
    expect(parseMarkdown("\\# not a heading")).toEqual([text("# not a heading")]);
    expect(parseMarkdown("\\- not a list")).toEqual([text("- not a list")]);
    expect(parseMarkdown("\\> not a quote")).toEqual([text("> not a quote")]);
    expect(parseMarkdown(`\\<@${ID}>`)).toEqual([text(`<@${ID}>`)]);
  });

  it("keeps backslashes before letters, digits and spaces, and a doubled one shows once", () => {
    expect(parseMarkdown("C:\\Users\\ada")).toEqual([text("C:\\Users\\ada")]);
    expect(parseMarkdown("a \\\\ b")).toEqual([text("a \\ b")]);
    expect(parseMarkdown("¯\\_(ツ)_/¯")).toEqual([text("¯\\_(ツ)_/¯")]);
  });
});

describe("parseMarkdown: blocks", () => {
  it("reads headings only at the start of a line", () => {
    expect(parseMarkdown("# One\n## Two\n### Three")).toEqual([
      { type: "heading", level: 1, children: [text("One")] },
      { type: "heading", level: 2, children: [text("Two")] },
      { type: "heading", level: 3, children: [text("Three")] },
    ]);
    expect(parseMarkdown("intro\n# **Big**\nafter")).toEqual([text("intro\n"), { type: "heading", level: 1, children: [bold(text("Big"))] }, text("after")]);
    for (const source of ["text # not", "#### four", "#no space", "# # twice", "**x** # y"]) {
      expect(parseMarkdown(source).some((node) => node.type === "heading")).toBe(false);
    }
  });

  it("reads subtext at the start of a line", () => {
    expect(parseMarkdown("-# small print")).toEqual([{ type: "subtext", children: [text("small print")] }]);
    expect(parseMarkdown("a -# b")).toEqual([text("a -# b")]);
    expect(parseMarkdown("-# -# twice")).toEqual([text("-# -# twice")]);
  });

  it("quotes a line with `> `, and the rest of the message with `>>> `", () => {
    expect(parseMarkdown("> one\n> two\nthree")).toEqual([{ type: "quote", children: [text("one\ntwo")] }, text("three")]);
    expect(parseMarkdown("before\n>>> one\ntwo\n\nthree")).toEqual([text("before\n"), { type: "quote", children: [text("one\ntwo\n\nthree")] }]);
    expect(parseMarkdown("x > y")).toEqual([text("x > y")]);
    expect(parseMarkdown(">no space")).toEqual([text(">no space")]);
    // Quotes do not nest.
    expect(parseMarkdown("> > inner")).toEqual([{ type: "quote", children: [text("> inner")] }]);
  });

  it("puts code and headings inside quotes", () => {
    expect(parseMarkdown("> `code` here")).toEqual([{ type: "quote", children: [{ type: "inlineCode", code: "code" }, text(" here")] }]);
    expect(parseMarkdown(">>> look\n```js\nlet x = 1;\n```")).toEqual([{ type: "quote", children: [text("look\n"), { type: "codeBlock", code: "let x = 1;", language: "js" }] }]);
    expect(parseMarkdown("> # Title")).toEqual([{ type: "quote", children: [{ type: "heading", level: 1, children: [text("Title")] }] }]);
  });

  it("reads code blocks with and without a language, their content as typed", () => {
    expect(parseMarkdown("```js\nconst a = 1;\n```")).toEqual([{ type: "codeBlock", code: "const a = 1;", language: "js" }]);
    expect(parseMarkdown("```\n**not bold** <b>\n```")).toEqual([{ type: "codeBlock", code: "**not bold** <b>" }]);
    expect(parseMarkdown("```one line```")).toEqual([{ type: "codeBlock", code: "one line" }]);
    // A lone word and newline is code, not a language with nothing after it.
    expect(parseMarkdown("```js\n```")).toEqual([{ type: "codeBlock", code: "js" }]);
    // The block starts and ends its own lines: the line break after it is not an extra line
    // (the one before it draws nothing), a blank line after it stays.
    expect(parseMarkdown("before\n```\ncode\n```\nafter")).toEqual([text("before\n"), { type: "codeBlock", code: "code" }, text("after")]);
    expect(parseMarkdown("```a```\n\nafter")).toEqual([{ type: "codeBlock", code: "a" }, text("\nafter")]);
  });

  it("reads lists with `-`, `*` and numbers, nested by indentation", () => {
    expect(parseMarkdown("- one\n* two")).toEqual([{ type: "list", ordered: false, start: 1, items: [[text("one")], [text("two")]] }]);
    expect(parseMarkdown("3. three\n4. four")).toEqual([{ type: "list", ordered: true, start: 3, items: [[text("three")], [text("four")]] }]);
    expect(parseMarkdown("- a\n  - b\n    - c\n- d")).toEqual([
      {
        type: "list",
        ordered: false,
        start: 1,
        items: [[text("a\n"), { type: "list", ordered: false, start: 1, items: [[text("b\n"), { type: "list", ordered: false, start: 1, items: [[text("c")]] }]] }], [text("d")]],
      },
    ]);
  });

  it("continues an item on indented lines and ends the list at a blank or unindented line", () => {
    expect(parseMarkdown("- a\n  more of a\n- b\nafter")).toEqual([{ type: "list", ordered: false, start: 1, items: [[text("a\nmore of a")], [text("b")]] }, text("after")]);
    expect(parseMarkdown("- a\n\n- b")).toEqual([
      { type: "list", ordered: false, start: 1, items: [[text("a")]] },
      text("\n"),
      { type: "list", ordered: false, start: 1, items: [[text("b")]] },
    ]);
    for (const source of ["+ plus", "-no space", "text - not a list", "1.no space"]) expect(parseMarkdown(source)).toEqual([text(source)]);
    expect(parseMarkdown("- **bold** item")).toEqual([{ type: "list", ordered: false, start: 1, items: [[bold(text("bold")), text(" item")]] }]);
  });
});

describe("parseMarkdown: links", () => {
  it("makes masked links of web targets only", () => {
    expect(parseMarkdown("[the docs](https://example.com/docs)")).toEqual([{ type: "link", url: "https://example.com/docs", children: [text("the docs")] }]);
    expect(parseMarkdown("[**bold**](http://example.com/a_(b))")).toEqual([{ type: "link", url: "http://example.com/a_(b)", children: [bold(text("bold"))] }]);
    for (const source of ["[x](javascript:alert(1))", "[x](JavaScript:alert(1))", "[x](data:text/html,hi)", "[x](mailto:a@b.c)", "[x](ftp://example.com)", "[x](/relative)"]) {
      expect(parseMarkdown(source)).toEqual([text(source)]);
    }
  });

  it("refuses a mask whose text is itself a URL, and empty masks", () => {
    const source = "[https://good.example](https://evil.example)";
    expect(parseMarkdown(source)).toEqual([text(source)]);
    expect(parseMarkdown("[a [b](https://c.example)](https://d.example)")).toEqual([text("[a [b](https://c.example)](https://d.example)")]);
    expect(parseMarkdown("[](https://x.example)").some((node) => node.type === "link")).toBe(false);
  });

  it("links bare web URLs, leaving trailing punctuation out, and URLs in angle brackets", () => {
    expect(parseMarkdown("see https://example.com/a.")).toEqual([text("see "), { type: "url", url: "https://example.com/a" }, text(".")]);
    expect(parseMarkdown("<https://example.com>")).toEqual([{ type: "url", url: "https://example.com" }]);
    expect(parseMarkdown("<javascript:/alert(1)>")).toEqual([text("<javascript:/alert(1)>")]);
    expect(parseMarkdown("javascript:alert(1)")).toEqual([text("javascript:alert(1)")]);
  });
});

describe("parseMarkdown: platform tokens", () => {
  it.each(["t", "T", "d", "D", "f", "F", "R"] as const)("reads a timestamp with style %s", (style) => {
    expect(parseMarkdown(`<t:1700000000:${style}>`)).toEqual([{ type: "timestamp", unix: 1700000000, style }]);
  });

  it("gives timestamps the platform's default style, and keeps unknown styles and impossible dates as text", () => {
    expect(parseMarkdown("<t:1700000000>")).toEqual([{ type: "timestamp", unix: 1700000000, style: "f" }]);
    expect(parseMarkdown("<t:-86400:D>")).toEqual([{ type: "timestamp", unix: -86400, style: "D" }]);
    for (const source of ["<t:1700000000:x>", "<t:99999999999999999>", "<t:abc>", "<t:>"]) expect(parseMarkdown(source)).toEqual([text(source)]);
  });

  it("reads custom emoji, still and animated", () => {
    expect(parseMarkdown(`<:wave:${ID}> <a:dance:${ID}>`)).toEqual([
      { type: "emoji", name: "wave", id: ID, animated: false },
      text(" "),
      { type: "emoji", name: "dance", id: ID, animated: true },
    ]);
    expect(parseMarkdown(`<:x:${ID}>`)).toEqual([text(`<:x:${ID}>`)]);
  });

  it("reads mentions and @everyone / @here", () => {
    expect(parseMarkdown(`<@${ID}><@!${ID}><#${ID}><@&${ID}> @everyone @here`)).toEqual([
      { type: "mention", kind: "user", id: ID },
      { type: "mention", kind: "user", id: ID },
      { type: "mention", kind: "channel", id: ID },
      { type: "mention", kind: "role", id: ID },
      text(" "),
      { type: "broadcast", target: "everyone" },
      text(" "),
      { type: "broadcast", target: "here" },
    ]);
    // Ids too short to be snowflakes are text, as in lib/templates/mentions.ts.
    expect(parseMarkdown("<@123>")).toEqual([text("<@123>")]);
    expect(parseMarkdown(`**<@${ID}>**`)).toEqual([bold({ type: "mention", kind: "user", id: ID })]);
  });
});

describe("parseMarkdown: safety", () => {
  it("keeps HTML as text", () => {
    for (const source of ["<b>x</b>", "<script>alert(1)</script>", '<img src=x onerror="alert(1)">', "<a href='javascript:alert(1)'>x</a>", "&lt;b&gt;"]) {
      expect(parseMarkdown(source)).toEqual([text(source)]);
    }
  });

  it("never throws, and text without markdown characters comes back whole", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (source) => {
        expect(Array.isArray(parseMarkdown(source))).toBe(true);
      }),
    );
    fc.assert(
      fc.property(fc.stringMatching(/^[A-Za-z0-9 ,!?'"éßالعربية中文\n]{1,200}$/), (source) => {
        // No "." ("1. " starts a list), no tabs or CR (simple-markdown turns them into spaces and LF).
        expect(parseMarkdown(source)).toEqual([text(source)]);
      }),
    );
  });

  it("stays fast on long adversarial input (4096 characters, the embed description limit)", () => {
    const long = (unit: string, prefix = "") => (prefix + unit.repeat(4096)).slice(0, 4096);
    for (const source of [long("\n", "```"), long("[a]("), long("["), long("(", "[a]("), long("*"), long("*a "), long("__a"), long("||a"), long("`a"), long("> a\n"), long("- a\n "), long("# a\n"), long("<@1")]) {
      const started = performance.now();
      parseMarkdown(source);
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});
