import path from "node:path";
import type { NextConfig } from "next";
import { PHASE_PRODUCTION_SERVER } from "next/constants";
import createNextIntlPlugin from "next-intl/plugin";
import { PUBLIC_FILE_CACHE_CONTROL, PUBLIC_FILES, publicPath } from "./lib/brand/assets";
import { PROXY_BODY_COPY_BYTES } from "./lib/http/body-limits";

const withNextIntl = createNextIntlPlugin("./i18n/request.ts");

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

const config: NextConfig = {
  reactStrictMode: true,
  poweredByHeader: false,
  // PGlite ships WebAssembly and data files that must not be bundled.
  serverExternalPackages: ["@electric-sql/pglite"],
  images: { unoptimized: true },
  // The production server compresses every answer itself, after writing each page's script
  // nonce (server/send-page.ts); the same page with another nonce must not be answered 304.
  compress: false,
  generateEtags: false,
  // `npm test` runs tsc on the whole tree first; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  experimental: {
    // Middleware runs on every /api request, so Next copies each request body for it and hands
    // the route that copy, cut off without an error past this size (lib/http/body-limits.ts).
    // Set here on purpose: every route's own limit stays below it, so a cut body still counts
    // past the route's limit and answers 413 in the envelope; raising a route limit means
    // raising this too (test/integration/body-limits.test.ts checks the order).
    proxyClientMaxBodySize: PROXY_BODY_COPY_BYTES,
  },
  async headers() {
    return [
      { source: "/:path*", headers: securityHeaders },
      // Next sends `public, max-age=0` for public/ files; see PUBLIC_FILE_CACHE_CONTROL for why not `immutable`.
      ...PUBLIC_FILES.map((file) => ({ source: publicPath(file), headers: [{ key: "Cache-Control", value: PUBLIC_FILE_CACHE_CONTROL }] })),
    ];
  },
};

/**
 * Next's page cache, by guild tags (server/page-cache-handler.ts), in the production server,
 * which sets its store. The build draws no page HTML to keep (pages are drawn on first request,
 * with the drawing nonce); `next dev` caches no page.
 */
export default function nextConfig(phase: string): NextConfig {
  return withNextIntl(phase === PHASE_PRODUCTION_SERVER ? { ...config, cacheHandler: path.join(process.cwd(), "server/page-cache-handler.cjs") } : config);
}
