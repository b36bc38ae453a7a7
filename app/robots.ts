import type { MetadataRoute } from "next";
import { getEnv } from "@/lib/env";

export default function robots(): MetadataRoute.Robots {
  const base = getEnv().APP_URL;
  return {
    rules: [{ userAgent: "*", allow: "/", disallow: ["/api/", "/*/dashboard", "/*/login", "/guild-oauth", "/auth/"] }],
    sitemap: `${base}/sitemap.xml`,
  };
}
