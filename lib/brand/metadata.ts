import type { Metadata } from "next";
import { LANGUAGES, LOCALES, type Locale } from "@/lib/i18n/locales";
import { MANIFEST_FILE, OG_IMAGE, SITE_NAME, publicPath } from "./assets";

// Metadata every public page shares: icons, manifest and the link-preview cards. URLs are
// relative: the locale layout sets metadataBase from APP_URL, which Next applies to them.

/** One link per icon kind: the PNG favicon, the SVG favicon (same art) and the Apple touch icon. */
export const SITE_ICONS = {
  icon: [
    { url: publicPath("favicon-32.png"), sizes: "32x32", type: "image/png" },
    { url: publicPath("icon.svg"), type: "image/svg+xml" },
  ],
  apple: [{ url: publicPath("apple-touch-icon.png"), sizes: "180x180", type: "image/png" }],
} satisfies Metadata["icons"];

export const MANIFEST_URL = publicPath(MANIFEST_FILE);

const ogImage = { url: publicPath(OG_IMAGE.file), width: OG_IMAGE.width, height: OG_IMAGE.height, alt: OG_IMAGE.alt, type: "image/png" };

/** Open Graph and Twitter cards of a page; `path` (its canonical path) becomes og:url. */
export function socialCards({ locale, title, description, path }: { locale: Locale; title: string; description: string; path?: string }): Pick<Metadata, "openGraph" | "twitter"> {
  return {
    openGraph: {
      type: "website",
      siteName: SITE_NAME,
      title,
      description,
      ...(path ? { url: path } : {}),
      locale: LANGUAGES[locale].code,
      alternateLocale: LOCALES.filter((code) => code !== locale).map((code) => LANGUAGES[code].code),
      images: [ogImage],
    },
    twitter: { card: "summary_large_image", title, description, images: [{ url: ogImage.url, alt: ogImage.alt }] },
  };
}
