import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { setRequestLocale } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import { localeOr } from "@/lib/i18n/locales";
import { leaderboardQuery, loadLeaderboard } from "@/lib/levels/leaderboard-data";
import { LeaderboardBody, leaderboardMetadata } from "../leaderboard-view";

// A search of the public leaderboard (`?q=`, names holding it anywhere, lib/levels/standings.ts): drawn per
// request within its own budget (lib/http/dynamic-pages.ts), kept out of search engines.

type Props = { params: Promise<{ locale: string; guildId: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Read from its query at each request: under the locale layout, which prerenders nothing, a page
// Next is not told is dynamic is drawn once as a static page and fails on its query (React #441).
export const dynamic = "force-dynamic";

/** The search as JSON, so the metadata and the page share one load. */
const viewOf = cache(async (guildId: string, search: string) => {
  const parsed = leaderboardQuery.safeParse(JSON.parse(search));
  return parsed.success ? loadLeaderboard(await getDb(), guildId, { query: parsed.data.q ?? "" }) : null;
});

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale: raw, guildId } = await params;
  const view = await viewOf(guildId, JSON.stringify(await searchParams));
  return view ? leaderboardMetadata(localeOr(raw), guildId, view) : {};
}

export default async function LeaderboardSearchPage({ params, searchParams }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const view = await viewOf(guildId, JSON.stringify(await searchParams));
  if (!view) notFound();
  return <LeaderboardBody locale={locale} guildId={guildId} view={view} />;
}
