/** @jest-environment node */
import { z } from "zod";
import { EMBED_LIMITS } from "../platform-messages/limits";
import { describeIssue } from "../validation/issues";
import { isEmptyEmbed, TIMESTAMP_NOW, toPlatformEmbed } from "./embed-payload";
import { embedsField, storedEmbedSchema } from "./embeds-field";
import { itemFormSpec } from "./form-spec";
import { guildEmbeds } from "./guild_embeds/definition";
import { commands } from "./commands/definition";

/** [path, issue code, sentence numbers] of each problem (lib/validation/issues.ts). */
const issues = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value, { reportInput: true }).error?.issues ?? []).map((issue) => {
    const { code, params } = describeIssue(issue);
    return params ? [issue.path.join("."), code, params] : [issue.path.join("."), code];
  });

describe("embedsField", () => {
  const optional = embedsField();
  const required = embedsField(10, { min: 1 });

  it("defaults to no embeds, or asks for one when the list needs one", () => {
    expect(optional.parse(undefined)).toEqual([]);
    expect(issues(required, undefined)).toEqual([["", "too_few", { min: 1 }]]);
    expect(issues(required, [])).toEqual([["", "too_few", { min: 1 }]]);
    expect(required.parse([{ title: "x" }])).toEqual([{ title: "x" }]);
  });

  it("keeps the platform's limits: 10 embeds, each one's own, 6000 characters in all", () => {
    expect(issues(optional, Array.from({ length: 11 }, () => ({})))).toEqual([["", "too_many", { max: 10 }]]);
    expect(issues(optional, [{ title: "x".repeat(257) }])).toEqual([["0.title", "too_long", { max: 256 }]]);
    const half = { description: "d".repeat(3001) };
    expect(issues(optional, [half, half])).toEqual([["", "embeds_total", { limit: 6000, actual: 6002 }]]);
    expect(optional.safeParse([half, { description: "d".repeat(2999) }]).success).toBe(true);
    expect(issues(optional, [{ fields: Array.from({ length: 26 }, () => ({ name: "n", value: "v" })) }])).toEqual([["0.fields", "too_many", { max: 25 }]]);
  });

  it("takes a date or 'now' as the timestamp, nothing else", () => {
    expect(storedEmbedSchema.parse({ timestamp: TIMESTAMP_NOW })).toEqual({ timestamp: "now" });
    expect(storedEmbedSchema.parse({ timestamp: "2030-01-02T03:04:05.000Z" })).toEqual({ timestamp: "2030-01-02T03:04:05.000Z" });
    expect(storedEmbedSchema.safeParse({ timestamp: "soon" }).success).toBe(false);
    expect(storedEmbedSchema.safeParse({ title: "x", extra: 1 }).success).toBe(false);
  });

  it("is drawn by the embed builder: an object list with ui 'embeds' and its bounds", () => {
    const field = itemFormSpec(guildEmbeds, "embeds").fields.find((entry) => entry.name === "embeds");
    expect(field).toMatchObject({ type: "object-array", ui: "embeds", maxItems: EMBED_LIMITS.embedsPerMessage, minItems: 1 });
    expect(field?.itemFields?.map((entry) => entry.name)).toEqual(["title", "url", "description", "color", "author", "fields", "image", "thumbnail", "footer", "timestamp"]);
    const commandField = itemFormSpec(commands, "commands").fields.find((entry) => entry.name === "embeds");
    expect(commandField).toMatchObject({ ui: "embeds", default: [] });
    expect(commandField).not.toHaveProperty("minItems");
  });
});

describe("commands", () => {
  const schema = commands.collections.commands.itemSchema;
  it("reply with a response, embeds or both", () => {
    expect(issues(schema, { name: "hi" })).toEqual([["response", "response_or_embed"]]);
    expect(issues(schema, { name: "hi", response: "   " })).toEqual([["response", "response_or_embed"]]);
    expect(schema.parse({ name: "hi", embeds: [{ title: "Hi" }] })).toMatchObject({ response: "", embeds: [{ title: "Hi" }] });
    expect(schema.parse({ name: "hi", response: "Hi" })).toMatchObject({ embeds: [] });
  });
});

describe("toPlatformEmbed", () => {
  const now = new Date("2030-05-06T07:08:09.000Z");

  it("renders the texts, resolves 'now' and drops what is empty", () => {
    const embed = toPlatformEmbed(
      {
        title: "Hi {x}",
        description: "D {x}",
        url: "https://example.com",
        author: { name: "", url: "https://example.com/a" },
        fields: [{ name: "N {x}", value: "V" }, { name: "", value: "gone" }],
        image: { url: "https://example.com/i.png" },
        footer: { text: "F {x}", icon_url: "https://example.com/f.png" },
        timestamp: TIMESTAMP_NOW,
      },
      { render: (text) => text.replace("{x}", "X"), now },
    );
    expect(embed).toEqual({
      title: "Hi X",
      description: "D X",
      url: "https://example.com",
      fields: [{ name: "N X", value: "V", inline: false }],
      image: { url: "https://example.com/i.png" },
      footer: { text: "F X", icon_url: "https://example.com/f.png" },
      timestamp: now.toISOString(),
    });
  });

  it("uses the embed's colour, else the fallback, else none", () => {
    expect(toPlatformEmbed({ color: 0 }, { fallbackColor: 5 }).color).toBe(0);
    expect(toPlatformEmbed({ color: null }, { fallbackColor: 5 }).color).toBe(5);
    expect(toPlatformEmbed({})).not.toHaveProperty("color");
  });

  it("knows an embed that would show nothing", () => {
    expect(isEmptyEmbed(toPlatformEmbed({ color: 1, author: { name: "" } }))).toBe(true);
    expect(isEmptyEmbed(toPlatformEmbed({ thumbnail: { url: "https://example.com/t.png" } }))).toBe(false);
  });
});
