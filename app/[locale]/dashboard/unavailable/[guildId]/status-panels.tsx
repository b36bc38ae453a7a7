import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { GuildIcon } from "@/components/guild-icon";
import { fillNodes } from "@/components/pickers/fill-nodes";
import type { Locale } from "@/lib/i18n/locales";
import { AddBotButton } from "../../add-bot-button";
import styles from "./guild.module.css";

/** Shown instead of the guild shell when the user may not manage the server. */
export async function NotManagedPanel({ locale }: { locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "guild" });
  return (
    <div className={`container ${styles.page}`}>
      <BackLink locale={locale} label={t("backToServers")} />
      <section className={styles.panel} role="alert" data-testid="not-managed">
        <h1>{t("notManagedTitle")}</h1>
        <p>{t("notManagedBody")}</p>
      </section>
    </div>
  );
}

/** Shown when the platform could not say whether the user may open the server (it fails closed). */
export async function UnreachablePanel({ locale, guildId }: { locale: Locale; guildId: string }) {
  const t = await getTranslations({ locale, namespace: "guild" });
  return (
    <div className={`container ${styles.page}`}>
      <BackLink locale={locale} label={t("backToServers")} />
      <section className={styles.panel} role="alert" data-testid="platform-unreachable">
        <h1>{t("unreachableTitle")}</h1>
        <p>{t("unreachableBody")}</p>
        {/* A full load: the verdict is made again by middleware. */}
        <a className="button button-primary" href={`/${locale}/dashboard/${guildId}`}>
          {t("unreachableRetry")}
        </a>
      </section>
    </div>
  );
}

/** Shown when the user manages the server but the bot is not in it yet. */
export async function BotMissingPanel({ locale, guild, cdnBase }: { locale: Locale; guild: { id: string; name: string; icon: string | null }; cdnBase: string }) {
  const [t, td] = await Promise.all([getTranslations({ locale, namespace: "guild" }), getTranslations({ locale, namespace: "dashboard" })]);
  return (
    <div className={`container ${styles.page}`}>
      <BackLink locale={locale} label={t("backToServers")} />
      <section className={styles.panel} data-testid="bot-missing">
        <GuildIcon cdnBase={cdnBase} guild={guild} size={72} />
        <h1>{fillNodes(t.raw("botMissingTitle") as string, { name: guild.name })}</h1>
        <p>{t("botMissingBody")}</p>
        <AddBotButton guildId={guild.id} guildName={guild.name} locale={locale} labels={{ add: td("addBot"), waiting: td("addBotWaiting") }} />
      </section>
    </div>
  );
}

function BackLink({ locale, label }: { locale: Locale; label: string }) {
  return (
    <Link href={`/${locale}/dashboard`} className={styles.back}>
      <svg className={styles.backArrow} width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
        <path d="M19 12H5M11 6l-6 6 6 6" />
      </svg>{" "}
      {label}
    </Link>
  );
}
