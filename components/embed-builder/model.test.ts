/** @jest-environment node */
import { blankEmbed, fillCount, fromLocalInput, limitText, moved, toLocalInput, withColor, withPart, withText } from "./model";
import type { EmbedBuilderLabels } from "./types";

describe("embed builder model", () => {
  it("starts new embeds in the default colour, or none", () => {
    expect(blankEmbed(0x112233)).toEqual({ color: 0x112233 });
    expect(blankEmbed(0)).toEqual({ color: 0 });
    expect(blankEmbed(null)).toEqual({});
    expect(withColor({ color: 1, title: "t" }, null)).toEqual({ title: "t" });
  });

  it("keeps only storable values: no empty texts, links or objects", () => {
    expect(withText({ title: "a" }, "title", "")).toEqual({});
    expect(withPart({}, "author", "url", "https://example.com")).toEqual({ author: { name: "", url: "https://example.com" } });
    expect(withPart({ author: { name: "", url: "https://example.com" } }, "author", "url", "")).toEqual({});
    expect(withPart({}, "footer", "icon_url", "https://example.com/i.png")).toEqual({ footer: { text: "", icon_url: "https://example.com/i.png" } });
    expect(withPart({}, "image", "url", "https://example.com/i.png")).toEqual({ image: { url: "https://example.com/i.png" } });
    expect(withPart({ image: { url: "x" } }, "image", "url", "")).toEqual({});
  });

  it("moves list items", () => {
    expect(moved(["a", "b", "c"], 2, 0)).toEqual(["c", "a", "b"]);
    expect(moved(["a", "b", "c"], 0, 1)).toEqual(["b", "a", "c"]);
  });

  it("converts between ISO dates and datetime-local values in the browser's zone", () => {
    const iso = fromLocalInput("2030-01-02T03:04");
    expect(iso).toBe(new Date(2030, 0, 2, 3, 4).toISOString());
    expect(toLocalInput(iso!)).toBe("2030-01-02T03:04");
    expect(fromLocalInput("2030-01-02")).toBeNull();
    expect(toLocalInput("nope")).toBe("");
  });

  it("keeps a counter's numbers left to right inside right-to-left text", () => {
    expect(fillCount("{count} / {max} حقول", 3, 25)).toBe("\u20663 / 25\u2069 حقول");
    expect(fillCount("Полей: {count} / {max}", 3, 25)).toBe("Полей: \u20663 / 25\u2069");
  });

  it("translates a broken limit with its numbers", () => {
    const labels = { limits: { title: "Title: {limit} max, {actual} now" } } as unknown as EmbedBuilderLabels;
    expect(limitText(labels, { rule: "title", limit: 256, actual: 300 })).toBe("Title: 256 max, 300 now");
  });
});
