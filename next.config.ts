import type { NextConfig } from "next";
import createNextIntlPlugin from "next-intl/plugin";

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
  // `npm test` runs tsc on the whole tree first; the build need not repeat it.
  typescript: { ignoreBuildErrors: true },
  // The browser's router keeps the cached guild overview for 5 minutes (staleTimes.static;
  // Next 16 refuses less than 30 s): writes refresh the router instead (RefreshAfterWrites).
  // The page cache stays in memory: on disk it would outlive the database it was drawn
  // from (a reset database, another instance's writes) and serve old pages after a restart.
  experimental: { isrFlushToDisk: false },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default withNextIntl(config);
