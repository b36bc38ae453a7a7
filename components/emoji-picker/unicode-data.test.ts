/** @jest-environment node */
import { gzipSync } from "node:zlib";
import { NextRequest } from "next/server";
import { GET, generateStaticParams } from "@/app/[locale]/emoji-data/[version]/route";
import { LOCALES, type Locale } from "@/lib/i18n/locales";
import { middleware } from "@/middleware";
import { EMOJI_GROUPS, emojiDataSchema, type EmojiData } from "./data-format";
import { emojiDataFor, emojiDataUrl } from "./unicode-data";

// The picker's unicode data (from emojibase-data) and the route that serves it: per language,
// small, cacheable for good under a content-hashed URL, and reachable without a session.

const get = (locale: string, version: string) => GET(new Request(`http://localhost:3000/${locale}/emoji-data/${version}`), { params: Promise.resolve({ locale, version }) });

async function served(locale: Locale): Promise<EmojiData> {
  const response = await get(locale, emojiDataFor(locale).version);
  expect(response.status).toBe(200);
  return emojiDataSchema.parse(await response.json()) as EmojiData;
}

const find = (data: EmojiData, emoji: string) => data.groups.flatMap((group) => group.emojis).find(([value]) => value === emoji);

describe("the emoji-data route", () => {
  it("is prerendered for every language at its current version, as pages name it (npm run assets wrote them)", () => {
    expect(generateStaticParams()).toEqual(LOCALES.map((locale) => ({ locale, version: emojiDataFor(locale).version })));
    expect(generateStaticParams({ params: { locale: "tw" } })).toEqual([{ locale: "tw", version: emojiDataFor("tw").version }]);
    expect(emojiDataUrl("fr")).toBe(`/fr/emoji-data/${emojiDataFor("fr").version}`);
  });

  it("answers JSON that browsers may keep for a year", async () => {
    const response = await get("en", emojiDataFor("en").version);
    expect(response.headers.get("content-type")).toBe("application/json; charset=utf-8");
    expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  });

  it("answers 404, not stored, for another version or an unknown language", async () => {
    for (const [locale, version] of [["en", "old-version"], ["xx", emojiDataFor("en").version]] as const) {
      const response = await get(locale, version);
      expect(response.status).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("holds the unicode groups in order, without skin tone swatches or emoji too new for most systems", async () => {
    const data = await served("en");
    expect(data.groups.map((group) => group.key)).toEqual([...EMOJI_GROUPS]);
    expect(find(data, "🏻")).toBeUndefined(); // a swatch (the "component" group)
    expect(find(data, "🫩")).toBeUndefined(); // Emoji 16.0
    expect(find(data, "🫨")).toBeDefined(); // Emoji 15.0
    expect(find(data, "👨‍👩‍👧‍👦")).toBeDefined();
    expect(data.groups.flatMap((group) => group.emojis).length).toBeGreaterThan(1800);
  });

  it("names emoji in the page's language, searchable by keyword and by the chat's shortcode", async () => {
    const [enParty, frParty, twParty] = [find(await served("en"), "🎉"), find(await served("fr"), "🎉"), find(await served("tw"), "🎉")];
    expect(enParty?.[1]).toBe("party popper");
    expect(enParty?.[2]).toContain("tada");
    expect(frParty?.[1]).toBe("cotillons");
    expect(frParty?.[2]).toContain("tada");
    expect(twParty?.[1]).toMatch(/\p{Script=Han}/u);
    expect(find(await served("de"), "😀")?.[1]).toMatch(/Gesicht/i);
  });

  it("falls back to English names where emojibase has no language (Turkish, Arabic)", () => {
    for (const locale of ["tr", "ar"] as const) expect(emojiDataFor(locale)).toEqual(emojiDataFor("en"));
  });

  it("stays small: under 70 KB gzipped in every language", () => {
    for (const locale of LOCALES) expect({ locale, bytes: gzipSync(emojiDataFor(locale).body).length < 70_000 }).toEqual({ locale, bytes: true });
  });

  it("is let through by middleware without a session, a language redirect or a cookie", async () => {
    const response = await middleware(new NextRequest(new URL(emojiDataUrl("ar"), "http://localhost:3000")));
    expect(response.headers.get("location")).toBeNull();
    expect(response.headers.get("x-middleware-next")).toBe("1");
    expect(response.headers.getSetCookie()).toEqual([]);
  });
});
