// The files under public/: what each one is, its size, and the web app manifest that lists
// the icons. scripts/make-public-assets.ts writes them from this list (npm run assets);
// middleware lets their paths through without a language prefix; next.config.ts gives them
// their caching; the locale layout links them. Safe for the browser.

export const SITE_NAME = "Guildhall";

/** The one-line English tagline drawn on the social preview image. */
export const TAGLINE = "The friendly bot dashboard for your Discord server";

/**
 * Colours of the installed app, from the design tokens in app/globals.css: the splash
 * screen is the page background (--bg, --grey-950) and so is the browser bar, as the
 * viewport's themeColor already was. public-assets.test.ts checks they still match.
 */
export const APP_BACKGROUND = "#0b0d12";
export const APP_THEME = "#0b0d12";

export type PngIcon = {
  file: string;
  size: number;
  /** How the mark is drawn (lib/brand/mark.ts). */
  shape: "tile" | "square";
  glyphScale?: number;
  /** Listed in the manifest with this purpose; absent: linked from pages or found by name. */
  manifestPurpose?: "any" | "maskable";
};

export const PNG_ICONS = [
  // Linked as the favicon (modern browsers also take icon.svg).
  { file: "favicon-32.png", size: 32, shape: "tile" },
  // iOS and iPadOS fetch it by this name even without a link, and round the corners themselves.
  { file: "apple-touch-icon.png", size: 180, shape: "square" },
  { file: "icon-192.png", size: 192, shape: "tile", manifestPurpose: "any" },
  { file: "icon-512.png", size: 512, shape: "tile", manifestPurpose: "any" },
  // Android cuts maskable icons to a circle, squircle or square: everything that matters sits
  // inside the central circle of 80 % diameter, so the glyphs are drawn at 80 % of their size.
  { file: "icon-maskable-512.png", size: 512, shape: "square", glyphScale: 0.8, manifestPurpose: "maskable" },
] as const satisfies readonly PngIcon[];

/** Sizes packed into favicon.ico (PNG entries), for clients that ask for /favicon.ico by name. */
export const FAVICON_ICO_SIZES = [16, 32, 48] as const;

export const OG_IMAGE = {
  file: "og.png",
  width: 1200,
  height: 630,
  alt: `${SITE_NAME}: ${TAGLINE}`,
} as const;

export const MANIFEST_FILE = "manifest.webmanifest";

/** Every file name under public/, each served from the site's root. */
export const PUBLIC_FILES: readonly string[] = [
  MANIFEST_FILE,
  OG_IMAGE.file,
  "icon.svg",
  "favicon.ico",
  ...PNG_ICONS.map((icon) => icon.file),
];

export const publicPath = (file: string) => `/${file}`;

/**
 * Cache-Control of every file above (next.config.ts headers()). `immutable` for a year is
 * only safe for names that change with the content, and these cannot: browsers, iOS and
 * crawlers ask for /favicon.ico, /apple-touch-icon.png and /manifest.webmanifest by name,
 * and link previews keep the og:image URL they saw. So: fresh for a day, then for a week
 * more a cache may answer with its copy while it revalidates (ETag) in the background. A
 * redrawn icon reaches everyone about a day after the deploy; none waits a year.
 */
export const PUBLIC_FILE_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";

/**
 * The web app manifest: public/manifest.webmanifest is this object, written by the script
 * with the English description of messages/en.json (meta.description).
 */
export function webManifest(description: string) {
  return {
    id: "/",
    name: SITE_NAME,
    short_name: SITE_NAME,
    description,
    lang: "en",
    // "/" picks the visitor's language (middleware), so one manifest serves every language.
    start_url: "/",
    scope: "/",
    display: "standalone",
    background_color: APP_BACKGROUND,
    theme_color: APP_THEME,
    icons: PNG_ICONS.flatMap((icon) =>
      "manifestPurpose" in icon
        ? [{ src: publicPath(icon.file), sizes: `${icon.size}x${icon.size}`, type: "image/png", purpose: icon.manifestPurpose }]
        : [],
    ),
  };
}
