import { EMOJI_DATA_VERSIONS } from "@/components/emoji-picker/data-versions";
import { emojiDataFor } from "@/components/emoji-picker/unicode-data";
import { isLocale, LOCALES } from "@/lib/i18n/locales";

// GET /{locale}/emoji-data/{version}: the emoji picker's unicode emoji, names and search words in
// that language (components/emoji-picker/unicode-data.ts). A route rather than a file in public/:
// the data is made from the emojibase-data package at build, nothing generated is committed, and
// the version segment is a hash of the content, so browsers keep it for a year and a new dataset
// gets a new URL. Under the language segment, so middleware lets it through as it does pages.
export const dynamic = "force-static";
export const dynamicParams = false;

// Next runs this once per language of the [locale] layout (handing it that language) or once for all.
export function generateStaticParams({ params }: { params?: { locale?: string } } = {}) {
  const locales = isLocale(params?.locale) ? [params.locale] : LOCALES;
  return locales.map((locale) => ({ locale, version: EMOJI_DATA_VERSIONS[locale] }));
}

type Segments = { params: Promise<{ locale: string; version: string }> };

export async function GET(_req: Request, { params }: Segments) {
  const { locale, version } = await params;
  const data = isLocale(locale) ? emojiDataFor(locale) : null;
  if (!data || data.version !== version) return new Response("Not found\n", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
  return new Response(data.body, {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Cache-Control": "public, max-age=31536000, immutable",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
