import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { GuildIcon } from "@/components/guild-icon";
import { getEnv } from "@/lib/env";
import { isBotInGuild } from "@/lib/guilds/bot-presence";
import { findManagedGuild } from "@/lib/guilds/user-guilds";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { getGuild } from "@/lib/platform/bot-api";
import { isSnowflake } from "@/lib/platform/snowflake";
import { getSession } from "@/lib/session/server";
import { AddBotButton } from "../add-bot-button";
import styles from "./guild.module.css";

type Props = { params: Promise<{ locale: string; guildId: string }> };

export default async function GuildPage({ params }: Props) {
  const { locale: raw, guildId } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  if (!isSnowflake(guildId)) notFound();
  const session = await getSession();
  if (!session) notFound();
  const t = await getTranslations({ locale, namespace: "guild" });
  const td = await getTranslations({ locale, namespace: "dashboard" });
  const cdnBase = getEnv().DISCORD_CDN_URL;
  const back = (
    <Link href={`/${locale}/dashboard`} className={styles.back}>
      ← {t("backToServers")}
    </Link>
  );

  const summary = await findManagedGuild(session, guildId);
  if (!summary) {
    return (
      <div className={`container ${styles.page}`}>
        {back}
        <section className={styles.panel} role="alert">
          <h1>{t("notManagedTitle")}</h1>
          <p>{t("notManagedBody")}</p>
        </section>
      </div>
    );
  }

  if (!(await isBotInGuild(guildId))) {
    return (
      <div className={`container ${styles.page}`}>
        {back}
        <section className={styles.panel} data-testid="bot-missing">
          <GuildIcon cdnBase={cdnBase} guild={summary} size={72} />
          <h1>{t("botMissingTitle", { name: summary.name })}</h1>
          <p>{t("botMissingBody")}</p>
          <AddBotButton guildId={guildId} guildName={summary.name} locale={locale} labels={{ add: td("addBot"), waiting: td("addBotWaiting") }} />
        </section>
      </div>
    );
  }

  const guild = await getGuild(guildId);
  const members = guild.approximate_member_count ?? 0;
  return (
    <div className={`container ${styles.page}`}>
      {back}
      <header className={styles.header} data-testid="guild-overview">
        <GuildIcon cdnBase={cdnBase} guild={guild} size={72} />
        <div>
          <h1>{t("overviewTitle", { name: guild.name })}</h1>
          <p className={styles.muted}>{t("members", { count: members })}</p>
        </div>
      </header>
      <p className={styles.muted}>{t("overviewBody")}</p>
    </div>
  );
}
