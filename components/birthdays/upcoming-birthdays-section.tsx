import "server-only";
import { getTranslations } from "next-intl/server";
import styles from "@/components/plugin-tools.module.css";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import type { UpcomingText } from "./upcoming-birthdays";
import { UpcomingBirthdays } from "./upcoming-birthdays";

const KEYS = ["range", "loading", "loadFailed", "retry", "empty", "days", "unknownMember", "turns", "zone"] as const satisfies ReadonlyArray<keyof UpcomingText>;

/** The birthdays page's list of upcoming birthdays (the bot records them as members share them). */
export async function UpcomingBirthdaysSection({ guildId, locale }: { guildId: string; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "upcomingBirthdays" });
  const text = Object.fromEntries(KEYS.map((key) => [key, t.raw(key) as string])) as UpcomingText;
  return (
    <section className={styles.card} aria-labelledby="upcoming-birthdays-heading" data-testid="upcoming-birthdays-section">
      <div className={styles.header}>
        <h2 id="upcoming-birthdays-heading">{t("title")}</h2>
        <p>{t("description")}</p>
      </div>
      <UpcomingBirthdays guildId={guildId} locale={LANGUAGES[locale].tag} text={text} />
    </section>
  );
}
