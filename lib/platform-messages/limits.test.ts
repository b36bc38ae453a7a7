/** @jest-environment node */
import {
  EMBED_LIMITS,
  MESSAGE_CONTENT_LIMIT,
  embedCharacterCount,
  embedProblems,
  limitMessage,
  messageCharacterCount,
  messageProblems,
  textLength,
  type EmbedText,
  type LimitRule,
} from "./limits";

const chars = (n: number, char = "a") => char.repeat(n);

describe("limit constants", () => {
  it("are the platform's numbers", () => {
    expect(EMBED_LIMITS).toEqual({
      title: 256,
      description: 4096,
      fields: 25,
      fieldName: 256,
      fieldValue: 1024,
      footer: 2048,
      authorName: 256,
      total: 6000,
      embedsPerMessage: 10,
    });
    expect(MESSAGE_CONTENT_LIMIT).toBe(2000);
  });
});

describe("embedCharacterCount", () => {
  it("counts title, description, field names and values, footer text and author name", () => {
    expect(embedCharacterCount({ title: chars(1) })).toBe(1);
    expect(embedCharacterCount({ description: chars(2) })).toBe(2);
    expect(embedCharacterCount({ fields: [{ name: chars(3), value: chars(4) }] })).toBe(7);
    expect(embedCharacterCount({ footer: { text: chars(5) } })).toBe(5);
    expect(embedCharacterCount({ author: { name: chars(6) } })).toBe(6);
    expect(
      embedCharacterCount({
        title: chars(1),
        description: chars(2),
        fields: [
          { name: chars(3), value: chars(4) },
          { name: chars(5), value: chars(6) },
        ],
        footer: { text: chars(7) },
        author: { name: chars(8) },
      }),
    ).toBe(36);
  });

  it("does not count links, colour, timestamp, images or inline flags", () => {
    const embed = {
      title: "Hi",
      url: "https://example.com/a-rather-long-link",
      color: 0xffffff,
      timestamp: "2024-01-01T00:00:00.000Z",
      author: { name: "Ann", url: "https://example.com/author", icon_url: "https://example.com/icon.png" },
      fields: [{ name: "n", value: "v", inline: true }],
      image: { url: "https://example.com/image.png" },
      thumbnail: { url: "https://example.com/thumb.png" },
      footer: { text: "foot", icon_url: "https://example.com/footer.png" },
    };
    expect(embedCharacterCount(embed)).toBe("Hi".length + "Ann".length + 2 + "foot".length);
  });

  it("counts an empty or half-filled embed without failing", () => {
    expect(embedCharacterCount({})).toBe(0);
    expect(embedCharacterCount({ title: null, description: undefined, fields: null, footer: null, author: null })).toBe(0);
    expect(embedCharacterCount({ fields: [{ name: null, value: "abc" }], footer: {}, author: { name: null } })).toBe(3);
  });
});

describe("messageCharacterCount", () => {
  it("sums every embed of the message", () => {
    expect(messageCharacterCount([])).toBe(0);
    expect(messageCharacterCount(undefined)).toBe(0);
    expect(messageCharacterCount([{ title: chars(10) }, { description: chars(20), footer: { text: chars(5) } }])).toBe(35);
  });
});

describe("unicode: characters are code points, as the platform counts them", () => {
  it.each([
    ["plain ASCII", "abc", 3],
    ["precomposed é (one code point)", "\u00e9", 1],
    ["e + combining acute (two code points)", "e\u0301", 2],
    ["CJK in the Basic Multilingual Plane", "漢字", 2],
    ["emoji outside the BMP (one code point, two UTF-16 units)", "😀", 1],
    ["ZWJ family emoji (3 emoji + 2 joiners)", "👨‍👩‍👧", 5],
    ["flag (two regional indicators)", "🇫🇷", 2],
    ["lone high surrogate", "\ud83d", 1],
    ["lone low surrogate after text", "a\ude00", 2],
    ["empty", "", 0],
  ])("%s", (_label, text, expected) => {
    expect(textLength(text)).toBe(expected);
    expect(textLength(text)).toBe([...text].length);
    expect(embedCharacterCount({ title: text })).toBe(expected);
  });

  it("is not JavaScript's UTF-16 length", () => {
    expect("😀".length).toBe(2);
    expect(textLength("😀")).toBe(1);
  });

  it("applies to the limits: 256 emoji fill a 256 title, one more character breaks it", () => {
    expect(embedProblems({ title: chars(256, "😀") })).toEqual([]);
    expect(embedProblems({ title: chars(256, "😀") + "a" })).toEqual([
      { path: "title", rule: "title", limit: 256, actual: 257, message: "Title can be 256 characters at most" },
    ]);
  });

  it("applies to the 6000 total", () => {
    expect(embedCharacterCount({ description: chars(4000, "😀"), footer: { text: chars(2000, "🇫") } })).toBe(6000);
    expect(embedProblems({ description: chars(4000, "😀"), footer: { text: chars(2000, "🇫") } })).toEqual([]);
  });
});

type Case = { label: string; rule: LimitRule; limit: number; path: string; build: (n: number) => EmbedText };

const EMBED_CASES: Case[] = [
  { label: "title", rule: "title", limit: 256, path: "title", build: (n) => ({ title: chars(n) }) },
  { label: "description", rule: "description", limit: 4096, path: "description", build: (n) => ({ description: chars(n) }) },
  {
    label: "field count",
    rule: "fields",
    limit: 25,
    path: "fields",
    build: (n) => ({ fields: Array.from({ length: n }, () => ({ name: "n", value: "v" })) }),
  },
  { label: "field name", rule: "fieldName", limit: 256, path: "fields.1.name", build: (n) => ({ fields: [{ name: "ok", value: "ok" }, { name: chars(n), value: "v" }] }) },
  { label: "field value", rule: "fieldValue", limit: 1024, path: "fields.1.value", build: (n) => ({ fields: [{ name: "ok", value: "ok" }, { name: "n", value: chars(n) }] }) },
  { label: "footer text", rule: "footer", limit: 2048, path: "footer.text", build: (n) => ({ footer: { text: chars(n) } }) },
  { label: "author name", rule: "authorName", limit: 256, path: "author.name", build: (n) => ({ author: { name: chars(n) } }) },
  {
    // 5 fields of 176 + 1024 = 6000; every part stays within its own limit.
    label: "total 6000 split across fields",
    rule: "total",
    limit: 6000,
    path: "",
    build: (n) => ({ fields: Array.from({ length: 5 }, (_, i) => ({ name: chars(i === 4 ? 176 - (6000 - n) : 176), value: chars(1024) })) }),
  },
];

describe("embedProblems", () => {
  describe.each(EMBED_CASES)("$label", ({ rule, limit, path, build }) => {
    it(`passes at the bound (${limit})`, () => {
      expect(embedProblems(build(limit))).toEqual([]);
    });
    it(`passes just under (${limit - 1})`, () => {
      expect(embedProblems(build(limit - 1))).toEqual([]);
    });
    it(`fails just over (${limit + 1}) at "${path}"`, () => {
      expect(embedProblems(build(limit + 1))).toEqual([{ path, rule, limit, actual: limit + 1, message: limitMessage(rule, limit + 1) }]);
    });
  });

  it("names the limit in the messages", () => {
    expect(embedProblems({ title: chars(300) })[0]?.message).toBe("Title can be 256 characters at most");
    expect(embedProblems({ description: chars(4097) })[0]?.message).toBe("Description can be 4096 characters at most");
    expect(embedProblems({ fields: Array.from({ length: 26 }, () => ({ name: "n", value: "v" })) })[0]?.message).toBe("An embed can have 25 fields at most");
    expect(embedProblems({ fields: [{ name: chars(257), value: "v" }] })[0]?.message).toBe("Field name can be 256 characters at most");
    expect(embedProblems({ fields: [{ name: "n", value: chars(1025) }] })[0]?.message).toBe("Field value can be 1024 characters at most");
    expect(embedProblems({ footer: { text: chars(2049) } })[0]?.message).toBe("Footer text can be 2048 characters at most");
    expect(embedProblems({ author: { name: chars(257) } })[0]?.message).toBe("Author name can be 256 characters at most");
    expect(embedProblems({ description: chars(4000), footer: { text: chars(2001) } })[0]?.message).toBe("Embeds may hold 6000 characters in all; this one has 6001");
  });

  it("lists every limit exceeded at once", () => {
    const problems = embedProblems({
      title: chars(257),
      description: chars(4097),
      fields: [...Array.from({ length: 25 }, () => ({ name: "n", value: "v" })), { name: chars(257), value: chars(1025) }],
      footer: { text: chars(2049) },
      author: { name: chars(257) },
    });
    expect(problems.map(({ path, rule }) => [path, rule])).toEqual([
      ["title", "title"],
      ["description", "description"],
      ["fields", "fields"],
      ["fields.25.name", "fieldName"],
      ["fields.25.value", "fieldValue"],
      ["footer.text", "footer"],
      ["author.name", "authorName"],
      ["", "total"],
    ]);
    expect(problems.at(-1)?.actual).toBe(257 + 4097 + 50 + 257 + 1025 + 2049 + 257);
  });

  it("does not let links or colour push an embed over the total", () => {
    const longLink = `https://example.com/${chars(2000)}`;
    expect(
      embedProblems({
        description: chars(4096),
        footer: { text: chars(1904) },
        ...{ url: longLink, image: { url: longLink }, thumbnail: { url: longLink }, color: 0 },
      } as EmbedText),
    ).toEqual([]);
  });
});

describe("messageProblems", () => {
  const embedOf = (n: number): EmbedText => ({ description: chars(n) });

  describe("content", () => {
    it("passes at the bound (2000)", () => expect(messageProblems({ content: chars(2000) })).toEqual([]));
    it("passes just under (1999)", () => expect(messageProblems({ content: chars(1999) })).toEqual([]));
    it("fails just over (2001)", () =>
      expect(messageProblems({ content: chars(2001) })).toEqual([
        { path: "content", rule: "content", limit: 2000, actual: 2001, message: "Message can be 2000 characters at most" },
      ]));
    it("counts code points", () => {
      expect(messageProblems({ content: chars(2000, "😀") })).toEqual([]);
      expect(messageProblems({ content: chars(2000, "😀") + "a" })[0]?.actual).toBe(2001);
    });
  });

  describe("embeds per message", () => {
    const embeds = (n: number) => Array.from({ length: n }, () => embedOf(1));
    it("passes at the bound (10)", () => expect(messageProblems({ embeds: embeds(10) })).toEqual([]));
    it("passes just under (9)", () => expect(messageProblems({ embeds: embeds(9) })).toEqual([]));
    it("fails just over (11)", () =>
      expect(messageProblems({ embeds: embeds(11) })).toEqual([
        { path: "embeds", rule: "embedsPerMessage", limit: 10, actual: 11, message: "A message can have 10 embeds at most" },
      ]));
  });

  describe("6000 across all embeds", () => {
    it("passes at the bound (3000 + 3000)", () => expect(messageProblems({ embeds: [embedOf(3000), embedOf(3000)] })).toEqual([]));
    it("passes just under (3000 + 2999)", () => expect(messageProblems({ embeds: [embedOf(3000), embedOf(2999)] })).toEqual([]));
    it("fails just over (3000 + 3001), though each embed fits", () =>
      expect(messageProblems({ embeds: [embedOf(3000), embedOf(3001)] })).toEqual([
        {
          path: "embeds",
          rule: "messageTotal",
          limit: 6000,
          actual: 6001,
          message: "The embeds of a message may hold 6000 characters in all; these have 6001",
        },
      ]));
    it("spread over ten embeds", () => {
      const ten = Array.from({ length: 10 }, () => embedOf(600));
      expect(messageProblems({ embeds: ten })).toEqual([]);
      expect(messageProblems({ embeds: [...ten.slice(1), embedOf(601)] }).map((p) => p.rule)).toEqual(["messageTotal"]);
    });
    it("reports a single oversized embed once, as that embed's total", () =>
      expect(messageProblems({ embeds: [{ description: chars(4000), footer: { text: chars(2001) } }] })).toEqual([
        { path: "embeds.0", rule: "total", limit: 6000, actual: 6001, message: "Embeds may hold 6000 characters in all; this one has 6001" },
      ]));
  });

  it("prefixes each embed's problems with its index", () => {
    expect(messageProblems({ embeds: [{ title: "ok" }, { title: chars(257), fields: [{ name: "n", value: chars(1025) }] }] }).map((p) => p.path)).toEqual([
      "embeds.1.title",
      "embeds.1.fields.0.value",
    ]);
  });

  it("has nothing to say about an empty message (the schema rejects it)", () => {
    expect(messageProblems({})).toEqual([]);
    expect(messageProblems({ content: null, embeds: null })).toEqual([]);
  });
});
