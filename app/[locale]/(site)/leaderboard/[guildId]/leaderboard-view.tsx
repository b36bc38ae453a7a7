import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { GuildIcon } from "@/components/guild-icon";
import { getEnv } from "@/lib/env";
import { LANGUAGES, LOCALES, type Locale } from "@/lib/i18n/locales";
import { MAX_QUERY_LENGTH, type LeaderboardView } from "@/lib/levels/leaderboard-data";
import { MyStanding } from "./my-standing";
import { StandingRow } from "./standing-row";
import styles from "./leaderboard.module.css";

// The public leaderboard's pages, drawn alike for the first page, the pages after it and a
// search (the three routes beside this file). Page N lives at its own path (/{guildId}/{N}) so
// Next's page cache can keep it; the search reads `?q=` and is drawn per request.

/** The address of page `page` (1 is the plain address). */
export function leaderboardHref(locale: Locale, guildId: string, page: number): string {
  const base = `/${locale}/leaderboard/${guildId}`;
  return page === 1 ? base : `${base}/${page}`;
}

export async function leaderboardMetadata(locale: Locale, guildId: string, view: LeaderboardView): Promise<Metadata> {
  const t = await getTranslations({ locale, namespace: "leaderboard" });
  return {
    title: t("metaTitle", { guild: view.guild.name }),
    description: t("metaDescription", { guild: view.guild.name, count: view.total }),
    alternates: {
      canonical: leaderboardHref(locale, guildId, view.page),
      languages: Object.fromEntries(LOCALES.map((code) => [LANGUAGES[code].tag, leaderboardHref(code, guildId, view.page)])),
    },
    // A search is not worth indexing.
    ...(view.query !== "" && { robots: { index: false, follow: true } }),
  };
}

export async function LeaderboardBody({ locale, guildId, view }: { locale: Locale; guildId: string; view: LeaderboardView }) {
  const t = await getTranslations({ locale, namespace: "leaderboard" });
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const tag = LANGUAGES[locale].tag;
  const numberFormat = new Intl.NumberFormat(tag);
  const text = { level: t("level"), xp: t.raw("xpProgress") as string, progress: t.raw("progressLabel") as string };
  const base = leaderboardHref(locale, guildId, 1);
  const pageHref = (page: number) => leaderboardHref(locale, guildId, page);

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

      <form className={styles.search} action={`${base}/search`} method="get" role="search">
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
