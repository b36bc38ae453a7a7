/** @jest-environment node */
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { Metadata } from "next";
import { unstable_getResponseFromNextConfig } from "next/experimental/testing/server";
import sharp from "sharp";
import nextConfig from "@/next.config";
import { generateMetadata as layoutMetadata, viewport } from "@/app/[locale]/layout";
import { generateMetadata as landingMetadata } from "@/app/[locale]/(site)/page";
import { generateMetadata as legalMetadata } from "@/app/[locale]/(site)/legal/[doc]/page";
import { APP_BACKGROUND, APP_THEME, FAVICON_ICO_SIZES, MANIFEST_FILE, OG_IMAGE, PNG_ICONS, PUBLIC_FILE_CACHE_CONTROL, PUBLIC_FILES, webManifest } from "@/lib/brand/assets";
import { readTokens } from "@/lib/brand/contrast";
import { markSvg } from "@/lib/brand/mark";
import type { Locale } from "@/lib/i18n/locales";

// The files of public/ and the metadata that links them (issue: public pages complete for
// search engines and link previews). Pages' generateMetadata run as Next calls them, with
// next-intl's server translator standing in for the one Next's plugin wires up.
jest.mock("next-intl/server", () => ({
  setRequestLocale: () => undefined,
  getTranslations: async ({ locale, namespace }: { locale: string; namespace: string }) => {
    const { createTranslator } = jest.requireActual<typeof import("next-intl")>("next-intl");
    const messages = jest.requireActual<Record<string, unknown>>(`@/messages/${locale}.json`);
    return createTranslator({ locale, messages, namespace } as never);
  },
}));

const publicDir = path.join(process.cwd(), "public");
const read = (file: string) => readFileSync(path.join(publicDir, file));
const dimensions = async (file: string) => {
  const { width, height, format } = await sharp(read(file)).metadata();
  return { width, height, format };
};
type Messages = { meta: { title: string; description: string; privacyTitle: string }; legal: { privacy: { intro: string } } };
const messages = (locale: Locale) => JSON.parse(readFileSync(path.join(process.cwd(), "messages", `${locale}.json`), "utf8")) as Messages;

describe("public/", () => {
  it("holds exactly the files lib/brand/assets.ts lists (each cached and passed by middleware)", () => {
    expect(readdirSync(publicDir).sort()).toEqual([...PUBLIC_FILES].sort());
  });

  it("has a web app manifest that parses and is what the script writes", () => {
    const manifest = JSON.parse(read(MANIFEST_FILE).toString("utf8")) as ReturnType<typeof webManifest>;
    expect(manifest).toEqual(webManifest(messages("en").meta.description));
    expect(manifest).toMatchObject({ name: "Guildhall", short_name: "Guildhall", start_url: "/", display: "standalone" });
    // Colours from the design tokens of app/globals.css, as is the viewport's theme colour.
    const tokens = readTokens(readFileSync(path.join(process.cwd(), "app", "globals.css"), "utf8"));
    const bg = tokens.get("bg");
    expect(bg).toBe("#0b0d12");
    expect([manifest.background_color, manifest.theme_color, APP_BACKGROUND, APP_THEME, viewport.themeColor]).toEqual([bg, bg, bg, bg, bg]);
  });

  it("lists icons that exist, at the sizes it declares, including 192, 512 and a maskable 512", async () => {
    const manifest = JSON.parse(read(MANIFEST_FILE).toString("utf8")) as ReturnType<typeof webManifest>;
    for (const icon of manifest.icons) {
      const [width, height] = icon.sizes.split("x").map(Number);
      expect(icon.type).toBe("image/png");
      expect(await dimensions(icon.src.replace(/^\//, ""))).toEqual({ width, height, format: "png" });
    }
    const declared = manifest.icons.map((icon) => `${icon.sizes} ${icon.purpose}`);
    expect(declared).toEqual(expect.arrayContaining(["192x192 any", "512x512 any", "512x512 maskable"]));
  });

  it("has every platform's PNG icon at its size", async () => {
    for (const icon of PNG_ICONS) expect(await dimensions(icon.file)).toEqual({ width: icon.size, height: icon.size, format: "png" });
    const sizes = Object.fromEntries(PNG_ICONS.map((icon) => [icon.file, icon.size]));
    expect(sizes).toMatchObject({ "favicon-32.png": 32, "apple-touch-icon.png": 180, "icon-192.png": 192, "icon-512.png": 512, "icon-maskable-512.png": 512 });
    // Icons the platform masks itself are opaque to the edges (a transparent corner turns black on iOS).
    for (const file of ["apple-touch-icon.png", "icon-maskable-512.png"]) {
      const { channels, isOpaque } = await sharp(read(file)).stats();
      expect(isOpaque || channels[3]?.min === 255).toBe(true);
    }
  });

  it("has a favicon.ico of PNG images at 16, 32 and 48", async () => {
    const ico = read("favicon.ico");
    expect([ico.readUInt16LE(0), ico.readUInt16LE(2), ico.readUInt16LE(4)]).toEqual([0, 1, FAVICON_ICO_SIZES.length]);
    for (const [index, size] of FAVICON_ICO_SIZES.entries()) {
      const entry = 6 + 16 * index;
      expect([ico.readUInt8(entry), ico.readUInt8(entry + 1)]).toEqual([size, size]);
      const png = ico.subarray(ico.readUInt32LE(entry + 12), ico.readUInt32LE(entry + 12) + ico.readUInt32LE(entry + 8));
      expect(await sharp(png).metadata()).toMatchObject({ format: "png", width: size, height: size });
    }
  });

  it("has the social preview image at 1200×630", async () => {
    expect(await dimensions(OG_IMAGE.file)).toEqual({ width: 1200, height: 630, format: "png" });
    expect(read(OG_IMAGE.file).length).toBeLessThan(300_000);
  });

  it("has the SVG favicon drawn from the same mark as the header logo", () => {
    expect(read("icon.svg").toString("utf8").trim()).toBe(markSvg({ size: 32 }));
  });
});

describe("caching of public/ (next.config.ts headers)", () => {
  it.each(["/manifest.webmanifest", "/og.png", "/apple-touch-icon.png", "/icon-192.png", "/icon-maskable-512.png", "/favicon.ico", "/favicon-32.png", "/icon.svg"])(
    "%s: a day fresh, a week stale-while-revalidate, never immutable",
    async (pathname) => {
      const response = await unstable_getResponseFromNextConfig({ url: `http://localhost:3000${pathname}`, nextConfig });
      expect(response.headers.get("cache-control")).toBe(PUBLIC_FILE_CACHE_CONTROL);
      expect(PUBLIC_FILE_CACHE_CONTROL).toBe("public, max-age=86400, stale-while-revalidate=604800");
      // The security headers still apply.
      expect(response.headers.get("x-content-type-options")).toBe("nosniff");
    },
  );

  it("leaves pages and other paths alone", async () => {
    for (const pathname of ["/en", "/og.png/x", "/en/og.png", "/api/uploads/x.png"]) {
      const response = await unstable_getResponseFromNextConfig({ url: `http://localhost:3000${pathname}`, nextConfig });
      expect(response.headers.get("cache-control")).toBeNull();
    }
  });
});

describe("metadata of the public pages", () => {
  const ogImages = (metadata: Metadata) => [metadata.openGraph?.images ?? []].flat() as { url: string; width?: number; height?: number; alt?: string }[];

  // Next merges segment metadata key by key, the page's keys over the layout's.
  const landing = async (locale: Locale): Promise<Metadata> => {
    const params = Promise.resolve({ locale });
    return { ...(await layoutMetadata({ params, children: null })), ...(await landingMetadata({ params })) };
  };

  it.each(["en", "ar"] as const)("landing in %s: localized cards with og.png, the manifest and the icons", async (locale) => {
    const metadata = await landing(locale);
    const { meta } = messages(locale);
    expect(metadata.title).toBe(meta.title);
    expect(metadata.description).toBe(meta.description);
    expect(String(metadata.metadataBase)).toBe("http://localhost:3000/");
    expect(metadata.manifest).toBe("/manifest.webmanifest");
    expect(metadata.alternates?.canonical).toBe(`/${locale}`);

    const og = metadata.openGraph as NonNullable<Metadata["openGraph"]> & { type?: string };
    expect(og).toMatchObject({ type: "website", siteName: "Guildhall", title: meta.title, description: meta.description, url: `/${locale}`, locale: locale === "en" ? "en_US" : "ar_SA" });
    const [image] = ogImages(metadata);
    expect(image).toMatchObject({ url: "/og.png", width: 1200, height: 630 });
    expect(new URL(image!.url, metadata.metadataBase!).href).toBe("http://localhost:3000/og.png");
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image", title: meta.title, description: meta.description, images: [{ url: "/og.png" }] });

    // One link per icon; each names a file of public/.
    const icons = metadata.icons as { icon: { url: string }[]; apple: { url: string; sizes?: string }[] };
    expect(icons.icon.map((icon) => icon.url)).toEqual(["/favicon-32.png", "/icon.svg"]);
    expect(icons.apple).toEqual([expect.objectContaining({ url: "/apple-touch-icon.png", sizes: "180x180" })]);
    for (const url of [...icons.icon, ...icons.apple].map((icon) => icon.url)) expect(PUBLIC_FILES).toContain(url.slice(1));
  });

  it("the two languages differ only where they should", async () => {
    const [en, ar] = await Promise.all([landing("en"), landing("ar")]);
    expect(en.title).not.toBe(ar.title);
    expect(ogImages(en)).toEqual(ogImages(ar));
    expect(en.manifest).toBe(ar.manifest);
  });

  it("legal pages carry their own title, description and URL with the same image", async () => {
    const metadata = await legalMetadata({ params: Promise.resolve({ locale: "fr", doc: "privacy" }) });
    const fr = messages("fr");
    expect(metadata.openGraph).toMatchObject({ title: fr.meta.privacyTitle, description: fr.legal.privacy.intro, url: "/privacy.html?lang=fr", locale: "fr_FR" });
    expect(ogImages(metadata)[0]).toMatchObject({ url: "/og.png", width: 1200, height: 630 });
    expect(metadata.twitter).toMatchObject({ card: "summary_large_image", title: fr.meta.privacyTitle });
  });

  it("app/ holds no icon file of its own, so no icon is linked twice", () => {
    const appFiles = readdirSync(path.join(process.cwd(), "app"));
    expect(appFiles.filter((file) => /^(icon|apple-icon|favicon|manifest|opengraph-image|twitter-image)\./.test(file))).toEqual([]);
  });
});
