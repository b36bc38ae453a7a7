import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { setRequestLocale } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import { tagGuildPage } from "@/lib/guilds/page-cache";
import { LEADERBOARD_AREA } from "@/lib/guilds/page-cache-tag";
import { localeOr } from "@/lib/i18n/locales";
import { leaderboardPageParam, loadLeaderboard } from "@/lib/levels/leaderboard-data";
import { LeaderboardBody, leaderboardMetadata } from "../leaderboard-view";

// Page 2 and after of the public leaderboard, cached like the first (see ../page.tsx). A page
// number that is malformed, 1 (the plain address) or past the last page is a 404: an address
// keeps naming the same ranks as the guild grows.
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ locale: string; guildId: string; page: string }> };

const viewOf = cache(async (guildId: string, rawPage: string) => {
  const page = leaderboardPageParam.safeParse(rawPage);
  if (!page.success) return null;
  await tagGuildPage(guildId, LEADERBOARD_AREA);
  return loadLeaderboard(await getDb(), guildId, { page: page.data });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, guildId, page } = await params;
  const view = await viewOf(guildId, page);
  return view ? leaderboardMetadata(localeOr(raw), guildId, view) : {};
}

export default async function LeaderboardPageN({ params }: Props) {
  const { locale: raw, guildId, page } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const view = await viewOf(guildId, page);
  if (!view) notFound();
  return <LeaderboardBody locale={locale} guildId={guildId} view={view} />;
}
