import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getEnv } from "@/lib/env";
import { listManagedGuilds, type GuildList } from "@/lib/guilds/user-guilds";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { PlatformError } from "@/lib/platform/errors";
import { getSession } from "@/lib/session/server";
import { AddBotButton } from "./add-bot-button";
import { GuildCard } from "./guild-card";
import styles from "./dashboard.module.css";

// Reads the session (the dashboard layout does not, so cached guild pages can share it).
export const dynamic = "force-dynamic";

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: isLocale(locale) ? locale : DEFAULT_LOCALE, namespace: "meta" });
  return { title: t("dashboardTitle"), robots: { index: false } };
}

export default async function MyServersPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  const session = await getSession();
  const t = await getTranslations({ locale, namespace: "dashboard" });
  let list: GuildList | null = null;
  try {
    list = session ? await listManagedGuilds(session) : null;
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
  }
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const present = list?.guilds.filter((guild) => guild.bot_present) ?? [];
  const absent = list?.guilds.filter((guild) => !guild.bot_present) ?? [];

  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.intro}>
        <h1>{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      {list?.stale ? <p className="notice notice-warning">{t("staleNotice")}</p> : null}
      {!list ? (
        <p className="notice notice-error" role="alert">
          {t("platformError")}
        </p>
      ) : list.guilds.length === 0 ? (
        <section className={styles.empty}>
          <h2>{t("noGuildsTitle")}</h2>
          <p>{t("noGuildsBody")}</p>
        </section>
      ) : null}

      {present.length > 0 ? (
        <section aria-labelledby="with-bot" className={styles.section} data-testid="guilds-with-bot">
          <h2 id="with-bot" className={styles.sectionTitle}>
            {t("withBot")} <span className="badge">{present.length}</span>
          </h2>
          <ul className={styles.grid}>
            {present.map((guild) => (
              <GuildCard
                key={guild.id}
                guild={guild}
                cdnBase={cdnBase}
                role={guild.owner ? t("owner") : t("manager")}
                action={
                  <Link
                    className="button button-primary button-small"
                    href={`/${locale}/dashboard/${guild.id}`}
                    // Prefetching every server in view would make each visit here ask the platform about all of them.
                    prefetch={false} aria-label={`${t("configure")}: ${guild.name}`}>
                    {t("configure")}
                  </Link>
                }
              />
            ))}
          </ul>
        </section>
      ) : null}

      {absent.length > 0 ? (
        <section aria-labelledby="without-bot" className={styles.section} data-testid="guilds-without-bot">
          <h2 id="without-bot" className={styles.sectionTitle}>
            {t("withoutBot")} <span className="badge">{absent.length}</span>
          </h2>
          <ul className={styles.grid}>
            {absent.map((guild) => (
              <GuildCard
                key={guild.id}
                guild={guild}
                cdnBase={cdnBase}
                role={guild.owner ? t("owner") : t("manager")}
                muted
                action={<AddBotButton guildId={guild.id} guildName={guild.name} locale={locale} labels={{ add: t("addBot"), waiting: t("addBotWaiting") }} />}
              />
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
