import { isLocale } from "@/lib/i18n/locales";

// What analytics calls a page (spec 2): its category, its name derived from the path, the
// plugin and guild it shows, and the `s` query parameter. Pure and client-safe: the browser
// tags its events with it, the server its own. No zod here: it ships in the analytics chunk.

export type PageCategory = "dashboard" | "non_logged_website";

export type AnalyticsPage = {
  page_category: PageCategory;
  page_name: string;
  /** The guild of a dashboard page (its numeric id after /dashboard). */
  guild_id?: string;
  /** The plugin of a guild's plugin page (/dashboard/{guildId}/{pluginId}/…). */
  plugin_id?: string;
  /** The `s` query parameter, as given. */
  s?: string;
};

const NUMERIC_ID = /^\d+$/;
const HAS_DIGIT = /\d/;

/** `pathname` as the browser shows it (with or without the language segment), `search` with or without its `?`. */
export function analyticsPage(pathname: string, search = ""): AnalyticsPage {
  const segments = pathname.split("/").filter(Boolean).map(decodeSegment);
  // The language prefix says nothing about the page: /en/premium and /fr/premium are one page.
  if (segments.length > 0 && isLocale(segments[0])) segments.shift();
  const s = new URLSearchParams(search).get("s") ?? undefined;
  const page: AnalyticsPage = { page_category: pathname.includes("dashboard") ? "dashboard" : "non_logged_website", page_name: pageName(segments), ...(s === undefined ? {} : { s }) };
  if (segments[0] === "dashboard" && NUMERIC_ID.test(segments[1] ?? "")) {
    page.guild_id = segments[1];
    if (segments[2]) page.plugin_id = segments[2];
  }
  return page;
}

function pageName(segments: string[]): string {
  if (segments.length === 0) return "home";
  if (segments[0] === "dashboard" && !segments.some((segment) => NUMERIC_ID.test(segment))) return "dashboard-my-servers";
  const kept = segments.filter((segment) => !HAS_DIGIT.test(segment) || segment.includes("web3"));
  return kept.join("_").replace(/[-./\s]+/g, "_") || "home";
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
