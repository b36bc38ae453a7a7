import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { cache } from "react";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { GuildIcon } from "@/components/guild-icon";
import { getDb } from "@/lib/db/client";
import { getEnv } from "@/lib/env";
import { DEFAULT_LOCALE, isLocale, LANGUAGES, LOCALES } from "@/lib/i18n/locales";
import { loadLeaderboard, MAX_QUERY_LENGTH, type LeaderboardSearch } from "@/lib/levels/leaderboard-data";
import { MyStanding } from "./my-standing";
import { StandingRow } from "./standing-row";
import styles from "./leaderboard.module.css";

// The public leaderboard of a guild (spec 7, Levels): open to anyone, indexable, the same
// for every visitor (the viewer's own row is fetched by an island). Middleware neither asks
// for a login nor counts it as a dashboard page. It reads `?page=` and `?q=`, so Next renders
// it per request; what makes it fast is one indexed query per render (lib/levels/standings.ts).

/** One load per request, shared by the metadata and the page (the search as JSON, so equal searches share it). */
const viewOf = cache(async (guildId: string, search: string) => loadLeaderboard(await getDb(), guildId, JSON.parse(search) as LeaderboardSearch));

type Props = { params: Promise<{ locale: string; guildId: string }>; searchParams: Promise<LeaderboardSearch> };

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  const view = await viewOf(guildId, JSON.stringify(await searchParams));
  if (!view) return {};
  const t = await getTranslations({ locale, namespace: "leaderboard" });
  const path = `/${locale}/leaderboard/${guildId}`;
  // Page 2 and beyond are their own documents; a search is not worth indexing.
  const suffix = view.page > 1 ? `?page=${view.page}` : "";
  return {
    title: t("metaTitle", { guild: view.guild.name }),
    description: t("metaDescription", { guild: view.guild.name, count: view.total }),
    alternates: {
      canonical: `${path}${suffix}`,
      languages: Object.fromEntries(LOCALES.map((code) => [LANGUAGES[code].tag, `/${code}/leaderboard/${guildId}${suffix}`])),
    },
    ...(view.query !== "" && { robots: { index: false, follow: true } }),
  };
}

export default async function LeaderboardPage({ params, searchParams }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  const view = await viewOf(guildId, JSON.stringify(await searchParams));
  if (!view) notFound();
  const t = await getTranslations({ locale, namespace: "leaderboard" });
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const tag = LANGUAGES[locale].tag;
  const numberFormat = new Intl.NumberFormat(tag);
  const text = { level: t("level"), xp: t.raw("xpProgress") as string, progress: t.raw("progressLabel") as string };
  const base = `/${locale}/leaderboard/${guildId}`;
  const pageHref = (page: number) => (page === 1 ? base : `${base}?page=${page}`);

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.header}>
        <GuildIcon cdnBase={cdnBase} guild={view.guild} size={64} />
        <div>
          <h1>
            <bdi>{view.guild.name}</bdi>
          </h1>
          <p>{t("members", { count: view.total })}</p>
        </div>
      </header>

      <form className={styles.search} action={base} method="get" role="search">
        <label htmlFor="leaderboard-q">{t("searchLabel")}</label>
        <input id="leaderboard-q" className="input" type="search" name="q" defaultValue={view.query} maxLength={MAX_QUERY_LENGTH} autoComplete="off" />
        <button className="button button-secondary" type="submit">
          {t("searchButton")}
        </button>
      </form>

      <MyStanding guildId={guildId} cdnBase={cdnBase} showAvatars={view.showAvatars} languageTag={tag} label={t("yourRank")} text={text} />

      {view.query !== "" ? (
        <p className={styles.searchNote} aria-live="polite">
          {t(view.rows.length > 0 ? "resultsFor" : "noResults", { query: view.query })} <Link href={base}>{t("clearSearch")}</Link>
        </p>
      ) : null}

      {view.rows.length > 0 ? (
        <ol className={styles.list} aria-label={t("listLabel", { guild: view.guild.name })}>
          {view.rows.map((row) => (
            <li key={row.userId}>
              <StandingRow standing={row} avatarUrl={row.avatarUrl} text={text} numberFormat={numberFormat} />
            </li>
          ))}
        </ol>
      ) : view.query === "" ? (
        <p className={styles.empty}>{t("empty")}</p>
      ) : null}

      {view.query === "" && view.pageCount > 1 ? (
        <nav className={styles.pager} aria-label={t("pagination")}>
          {view.page > 1 ? (
            <Link className="button button-secondary button-small" href={pageHref(view.page - 1)} rel="prev">
              {t("previous")}
            </Link>
          ) : (
            <span />
          )}
          <p>{t("pageOf", { page: view.page, count: view.pageCount })}</p>
          {view.page < view.pageCount ? (
            <Link className="button button-secondary button-small" href={pageHref(view.page + 1)} rel="next">
              {t("next")}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
