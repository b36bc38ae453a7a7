import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { cache } from "react";
import { setRequestLocale } from "next-intl/server";
import { getDb } from "@/lib/db/client";
import { tagGuildPage } from "@/lib/guilds/page-cache";
import { LEADERBOARD_AREA } from "@/lib/guilds/page-cache-tag";
import { localeOr } from "@/lib/i18n/locales";
import { loadLeaderboard } from "@/lib/levels/leaderboard-data";
import { LeaderboardBody, leaderboardMetadata } from "./leaderboard-view";

// The public leaderboard of a guild (spec 7, Levels), first page: open to anyone, indexable and
// the same for every visitor (the viewer's own row is fetched by an island), so Next renders it
// once per guild and language and serves it from its page cache for a minute (XP moves all the
// time; a minute behind is what owners of this kind of bot know). A Levels write to the guild
// (a reset, the leaderboard made private) expires it at once: it carries the guild's tag
// (lib/guilds/page-cache.ts).
export const revalidate = 60;

export function generateStaticParams() {
  return [];
}

type Props = { params: Promise<{ locale: string; guildId: string }> };

/** One load per render, shared by the metadata and the page. */
const viewOf = cache(async (guildId: string) => {
  await tagGuildPage(guildId, LEADERBOARD_AREA);
  return loadLeaderboard(await getDb(), guildId, { page: 1 });
});

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw, guildId } = await params;
  const view = await viewOf(guildId);
  return view ? leaderboardMetadata(localeOr(raw), guildId, view) : {};
}

export default async function LeaderboardPage({ params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const view = await viewOf(guildId);
  if (!view) notFound();
  return <LeaderboardBody locale={locale} guildId={guildId} view={view} />;
}
