/** @jest-environment node */
import fc from "fast-check";
import { z } from "zod";
import { describeIssue, type IssueCode, type IssueParams } from "@/lib/validation/issues";
import { issueTextFor } from "@/lib/validation/server-messages";
import { EMBED_LIMITS, embedProblems, messageProblems, textLength, type EmbedText, type LimitProblem } from "./limits";
import { embedSchema, messageSchema, type Embed } from "./schema";

const chars = (n: number, char = "a") => char.repeat(n);

// Issues as the user reads them: the English sentence of each issue's code (lib/validation/issues.ts).
type Issue = { path: string; message: string };
const english = (code: IssueCode, params?: IssueParams) => issueTextFor("en")(code, params);
const issuesOf = (schema: z.ZodType, value: unknown): Issue[] => {
  const result = schema.safeParse(value, { reportInput: true });
  return result.success
    ? []
    : result.error.issues.map((issue) => {
        const { code, params } = describeIssue(issue);
        return { path: issue.path.join("."), message: english(code, params) };
      });
};
/** The sentence the schema gives for a limit the builder's embedProblems reports. */
const sentenceOf = ({ rule, limit, actual }: Pick<LimitProblem, "rule" | "limit" | "actual">): string => {
  if (rule === "total") return english("embed_total", { limit, actual });
  if (rule === "messageTotal") return english("embeds_total", { limit, actual });
  if (rule === "fields" || rule === "embedsPerMessage") return english("too_many", { max: limit });
  return english("too_long", { max: limit });
};
const tooLong = (max: number) => english("too_long", { max });
const key = (issue: Issue) => `${issue.path}\u0000${issue.message}`;
const sorted = (issues: Issue[]) => [...issues].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
/** What the schema reports for an embed, per embedProblems: over 25 fields, zod stops at the count (see schema.ts). */
const expectedEmbedIssues = (embed: EmbedText): Issue[] => {
  const tooManyFields = (embed.fields?.length ?? 0) > EMBED_LIMITS.fields;
  return embedProblems(embed)
    .filter((problem) => !tooManyFields || !["fieldName", "fieldValue", "total"].includes(problem.rule))
    .map((problem) => ({ path: problem.path, message: sentenceOf(problem) }));
};

type Case = { label: string; limit: number; path: string; message: string; build: (n: number) => Embed };

const EMBED_CASES: Case[] = [
  { label: "title", limit: 256, path: "title", message: tooLong(256), build: (n) => ({ title: chars(n) }) },
  { label: "description", limit: 4096, path: "description", message: tooLong(4096), build: (n) => ({ description: chars(n) }) },
  {
    label: "field count",
    limit: 25,
    path: "fields",
    message: english("too_many", { max: 25 }),
    build: (n) => ({ fields: Array.from({ length: n }, () => ({ name: "n", value: "v", inline: true })) }),
  },
  {
    label: "field name",
    limit: 256,
    path: "fields.1.name",
    message: tooLong(256),
    build: (n) => ({ fields: [{ name: "ok", value: "ok" }, { name: chars(n), value: "v" }] }),
  },
  {
    label: "field value",
    limit: 1024,
    path: "fields.1.value",
    message: tooLong(1024),
    build: (n) => ({ fields: [{ name: "ok", value: "ok" }, { name: "n", value: chars(n) }] }),
  },
  { label: "footer text", limit: 2048, path: "footer.text", message: tooLong(2048), build: (n) => ({ footer: { text: chars(n) } }) },
  { label: "author name", limit: 256, path: "author.name", message: tooLong(256), build: (n) => ({ author: { name: chars(n) } }) },
  {
    // 5 fields of 176 + 1024 = 6000; every part stays within its own limit.
    label: "total 6000 split across fields",
    limit: 6000,
    path: "",
    message: english("embed_total", { limit: 6000, actual: 6001 }),
    build: (n) => ({ fields: Array.from({ length: 5 }, (_, i) => ({ name: chars(i === 4 ? 176 - (6000 - n) : 176), value: chars(1024) })) }),
  },
];

describe("embedSchema limits", () => {
  describe.each(EMBED_CASES)("$label", ({ limit, path, message, build }) => {
    it(`passes at the bound (${limit})`, () => {
      expect(issuesOf(embedSchema, build(limit))).toEqual([]);
    });
    it(`passes just under (${limit - 1})`, () => {
      expect(issuesOf(embedSchema, build(limit - 1))).toEqual([]);
    });
    it(`fails just over (${limit + 1}) at "${path}"`, () => {
      expect(issuesOf(embedSchema, build(limit + 1))).toEqual([{ path, message }]);
    });
    it("agrees with embedProblems", () => {
      for (const n of [limit - 1, limit, limit + 1]) {
        const embed = build(n);
        expect(sorted(issuesOf(embedSchema, embed))).toEqual(sorted(expectedEmbedIssues(embed)));
      }
    });
  });

  it("counts the total over every counted part (title, description, fields, footer, author)", () => {
    const full = {
      title: chars(256),
      description: chars(4096),
      fields: [{ name: chars(256), value: chars(1024) }],
      footer: { text: chars(200) },
      author: { name: chars(168) },
    };
    expect(issuesOf(embedSchema, full)).toEqual([]);
    expect(issuesOf(embedSchema, { ...full, author: { name: chars(169) } })).toEqual([
      { path: "", message: english("embed_total", { limit: 6000, actual: 6001 }) },
    ]);
  });

  it("reports a part's own limit and the total together", () => {
    expect(sorted(issuesOf(embedSchema, { description: chars(4097), footer: { text: chars(2048) } }))).toEqual([
      { path: "", message: english("embed_total", { limit: 6000, actual: 6145 }) },
      { path: "description", message: tooLong(4096) },
    ]);
  });

  it("counts code points, as limits.ts documents", () => {
    expect(issuesOf(embedSchema, { title: chars(256, "😀") })).toEqual([]);
    expect(issuesOf(embedSchema, { title: chars(256, "😀") + "a" })).toEqual([{ path: "title", message: tooLong(256) }]);
    expect(issuesOf(embedSchema, { title: chars(256, "\u00e9") })).toEqual([]);
    expect(issuesOf(embedSchema, { title: chars(129, "e\u0301") })).toEqual([{ path: "title", message: tooLong(256) }]);
    expect(issuesOf(embedSchema, { description: chars(4000, "😀"), footer: { text: chars(2000, "😀") } })).toEqual([]);
    expect(issuesOf(embedSchema, { description: chars(4000, "😀"), footer: { text: chars(2001, "😀") } })).toEqual([
      { path: "", message: english("embed_total", { limit: 6000, actual: 6001 }) },
    ]);
  });

  it("textLength and zod's .max() agree on any string, lone surrogates included", () => {
    const anyUnit = fc.integer({ min: 0, max: 0xffff }).map((code) => String.fromCharCode(code));
    const surrogateHeavy = fc.constantFrom("😀", "\ud83d", "\ude00", "a", "\u00e9", "\u0301");
    const text = fc.oneof(fc.string({ unit: anyUnit, maxLength: 12 }), fc.string({ unit: surrogateHeavy, maxLength: 12 }), fc.string({ unit: "binary", maxLength: 12 }));
    fc.assert(
      fc.property(text, fc.integer({ min: 0, max: 14 }), (value, limit) => {
        expect(z.string().max(limit).safeParse(value).success).toBe(textLength(value) <= limit);
      }),
      { numRuns: 2000 },
    );
  });

  it("stops at the count when there are too many fields", () => {
    const fields = Array.from({ length: 26 }, () => ({ name: chars(300), value: chars(1024) }));
    expect(issuesOf(embedSchema, { fields })).toEqual([{ path: "fields", message: english("too_many", { max: 25 }) }]);
    // The builder still hears about everything.
    expect(embedProblems({ fields }).map((problem) => problem.rule)).toEqual(["fields", ...Array.from({ length: 26 }, () => "fieldName"), "total"]);
  });

  it("agrees with embedProblems on random embeds near the limits", () => {
    const near = (limit: number) => fc.oneof(fc.integer({ min: 0, max: 3 }), fc.integer({ min: limit - 2, max: limit + 2 }));
    const nearPositive = (limit: number) => fc.oneof(fc.integer({ min: 1, max: 3 }), fc.integer({ min: limit - 2, max: limit + 2 }));
    const embed = fc.record(
      {
        title: near(EMBED_LIMITS.title).map((n) => chars(n)),
        description: near(EMBED_LIMITS.description).map((n) => chars(n)),
        fields: fc.array(
          fc.record({ name: nearPositive(EMBED_LIMITS.fieldName).map((n) => chars(n)), value: nearPositive(EMBED_LIMITS.fieldValue).map((n) => chars(n)) }),
          { maxLength: 27 },
        ),
        footer: fc.record({ text: near(EMBED_LIMITS.footer).map((n) => chars(n, "😀")) }),
        author: fc.record({ name: near(EMBED_LIMITS.authorName).map((n) => chars(n)) }),
      },
      { requiredKeys: [] },
    );
    fc.assert(
      fc.property(embed, (value: EmbedText) => {
        expect(sorted(issuesOf(embedSchema, value))).toEqual(sorted(expectedEmbedIssues(value)));
      }),
      { numRuns: 200 },
    );
  });
});

describe("embedSchema shape", () => {
  const complete: Embed = {
    title: "Welcome",
    url: "https://example.com/welcome",
    description: "Hello",
    color: 0x5865f2,
    author: { name: "Guildhall", url: "https://example.com", icon_url: "https://cdn.example.com/icon.png" },
    fields: [{ name: "Rules", value: "Be kind", inline: false }],
    image: { url: "https://cdn.example.com/banner.png" },
    thumbnail: { url: "http://cdn.example.com/thumb.png" },
    footer: { text: "See you", icon_url: "https://cdn.example.com/footer.png" },
    timestamp: "2024-05-01T12:00:00.000Z",
  };

  it("accepts a complete embed and an empty one", () => {
    expect(embedSchema.parse(complete)).toEqual(complete);
    expect(issuesOf(embedSchema, {})).toEqual([]);
  });

  it("rejects unknown keys", () => {
    expect(embedSchema.safeParse({ ...complete, video: { url: "https://example.com" } }).success).toBe(false);
    expect(embedSchema.safeParse({ fields: [{ name: "n", value: "v", extra: 1 }] }).success).toBe(false);
    expect(embedSchema.safeParse({ footer: { text: "t", colour: 1 } }).success).toBe(false);
  });

  it.each([
    ["url", { url: "ftp://example.com" }, "url", english("invalid_link")],
    ["url", { url: "javascript:alert(1)" }, "url", english("invalid_link")],
    ["author url", { author: { name: "a", url: "example.com" } }, "author.url", english("invalid_link")],
    ["author icon", { author: { name: "a", icon_url: "https://no-dot" } }, "author.icon_url", english("invalid_link")],
    ["image", { image: { url: "data:image/png;base64,AAAA" } }, "image.url", english("invalid_link")],
    ["thumbnail", { thumbnail: { url: "" } }, "thumbnail.url", english("invalid_link")],
    ["footer icon", { footer: { text: "t", icon_url: "https://a b.c" } }, "footer.icon_url", english("invalid_link")],
  ])("rejects a non-http(s) %s", (_label, value, path, message) => {
    expect(issuesOf(embedSchema, value)).toEqual([{ path, message }]);
  });

  it("does not count links towards the total", () => {
    const link = `https://example.com/${chars(2000)}`;
    expect(issuesOf(embedSchema, { description: chars(4096), footer: { text: chars(1904), icon_url: link }, url: link, image: { url: link } })).toEqual([]);
  });

  it("takes colours from 0 to 0xFFFFFF, or null", () => {
    for (const color of [0, 1, 0xffffff, null]) expect(issuesOf(embedSchema, { color })).toEqual([]);
    expect(issuesOf(embedSchema, { color: -1 })).toEqual([{ path: "color", message: english("too_small", { min: 0 }) }]);
    expect(issuesOf(embedSchema, { color: 0x1000000 })).toEqual([{ path: "color", message: english("too_big", { max: 0xffffff }) }]);
    expect(issuesOf(embedSchema, { color: 1.5 })).toEqual([{ path: "color", message: english("not_integer") }]);
    expect(embedSchema.safeParse({ color: "#fff" }).success).toBe(false);
  });

  it("takes an ISO date-time or null as timestamp", () => {
    for (const timestamp of ["2024-05-01T12:00:00Z", "2024-05-01T12:00:00.123Z", "2024-05-01T14:00:00+02:00", null]) {
      expect(issuesOf(embedSchema, { timestamp })).toEqual([]);
    }
    for (const timestamp of ["yesterday", "2024-05-01", "1714564800000"]) {
      expect(issuesOf(embedSchema, { timestamp })).toEqual([{ path: "timestamp", message: english("invalid_datetime") }]);
    }
  });

  it("needs a name and a value in every field, text in a footer and a name for an author", () => {
    expect(issuesOf(embedSchema, { fields: [{ name: "", value: "v" }] })).toEqual([{ path: "fields.0.name", message: english("required") }]);
    expect(issuesOf(embedSchema, { fields: [{ name: "n", value: "" }] })).toEqual([{ path: "fields.0.value", message: english("required") }]);
    expect(embedSchema.safeParse({ footer: { icon_url: "https://example.com/a.png" } }).success).toBe(false);
    expect(embedSchema.safeParse({ author: { url: "https://example.com" } }).success).toBe(false);
  });
});

describe("messageSchema", () => {
  const embedOf = (n: number): Embed => ({ description: chars(n) });

  describe("content", () => {
    it("passes at the bound (2000)", () => expect(issuesOf(messageSchema, { content: chars(2000) })).toEqual([]));
    it("passes just under (1999)", () => expect(issuesOf(messageSchema, { content: chars(1999) })).toEqual([]));
    it("fails just over (2001)", () =>
      expect(issuesOf(messageSchema, { content: chars(2001) })).toEqual([{ path: "content", message: tooLong(2000) }]));
    it("counts code points", () => {
      expect(issuesOf(messageSchema, { content: chars(2000, "😀") })).toEqual([]);
      expect(issuesOf(messageSchema, { content: chars(2000, "😀") + "a" })).toEqual([{ path: "content", message: tooLong(2000) }]);
    });
  });

  describe("embeds per message", () => {
    const embeds = (n: number) => Array.from({ length: n }, () => embedOf(1));
    it("passes at the bound (10)", () => expect(issuesOf(messageSchema, { embeds: embeds(10) })).toEqual([]));
    it("passes just under (9)", () => expect(issuesOf(messageSchema, { embeds: embeds(9) })).toEqual([]));
    it("fails just over (11)", () =>
      expect(issuesOf(messageSchema, { embeds: embeds(11) })).toEqual([{ path: "embeds", message: english("too_many", { max: 10 }) }]));
  });

  describe("6000 across all embeds", () => {
    it("passes at the bound (3000 + 3000)", () => expect(issuesOf(messageSchema, { embeds: [embedOf(3000), embedOf(3000)] })).toEqual([]));
    it("passes just under (3000 + 2999)", () => expect(issuesOf(messageSchema, { embeds: [embedOf(3000), embedOf(2999)] })).toEqual([]));
    it("fails just over (3000 + 3001), though each embed fits", () =>
      expect(issuesOf(messageSchema, { embeds: [embedOf(3000), embedOf(3001)] })).toEqual([
        { path: "embeds", message: english("embeds_total", { limit: 6000, actual: 6001 }) },
      ]));
    it("reports a single oversized embed once, at that embed", () =>
      expect(issuesOf(messageSchema, { embeds: [{ description: chars(4000), footer: { text: chars(2001) } }] })).toEqual([
        { path: "embeds.0", message: english("embed_total", { limit: 6000, actual: 6001 }) },
      ]));
    it("content does not count towards the embeds' 6000", () =>
      expect(issuesOf(messageSchema, { content: chars(2000), embeds: [embedOf(3000), embedOf(3000)] })).toEqual([]));
  });

  it("reports each embed's problems under its index", () => {
    expect(issuesOf(messageSchema, { embeds: [{ title: "ok" }, { fields: [{ name: "n", value: chars(1025) }] }] })).toEqual([
      { path: "embeds.1.fields.0.value", message: tooLong(1024) },
    ]);
  });

  it("needs content or at least one embed", () => {
    const empty = [{ path: "", message: english("message_empty") }];
    expect(issuesOf(messageSchema, {})).toEqual(empty);
    expect(issuesOf(messageSchema, { content: "", embeds: [] })).toEqual(empty);
    expect(issuesOf(messageSchema, { content: " \n\t " })).toEqual(empty);
    expect(issuesOf(messageSchema, { content: "hi" })).toEqual([]);
    expect(issuesOf(messageSchema, { embeds: [{ title: "hi" }] })).toEqual([]);
  });

  it("rejects unknown keys", () => {
    expect(messageSchema.safeParse({ content: "hi", tts: true }).success).toBe(false);
  });

  it("stops at the count when there are too many embeds", () => {
    const embeds = Array.from({ length: 11 }, () => ({ title: chars(300), description: chars(600) }));
    expect(issuesOf(messageSchema, { embeds })).toEqual([{ path: "embeds", message: english("too_many", { max: 10 }) }]);
    expect(messageProblems({ embeds }).filter((problem) => problem.rule !== "title").map((problem) => problem.rule)).toEqual(["embedsPerMessage", "messageTotal"]);
  });

  it("agrees with messageProblems", () => {
    const cases = [
      { content: chars(2001) },
      { embeds: Array.from({ length: 10 }, () => embedOf(601)) },
      { content: chars(2001), embeds: [{ title: chars(257) }, embedOf(4096), embedOf(2000)] },
      { embeds: [{ description: chars(4096), footer: { text: chars(2048) } }] },
    ];
    for (const message of cases) {
      expect(sorted(issuesOf(messageSchema, message))).toEqual(sorted(messageProblems(message).map((problem) => ({ path: problem.path, message: sentenceOf(problem) }))));
    }
  });
});
