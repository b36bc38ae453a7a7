import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LANGUAGES, LOCALES, type Locale } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";
import { Logo } from "./logo";
import styles from "./site-footer.module.css";

export async function SiteFooter({ locale }: { locale: Locale }) {
  const [t, tn] = await Promise.all([getTranslations({ locale, namespace: "footer" }), getTranslations({ locale, namespace: "nav" })]);
  const language = LANGUAGES[locale];
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div>
          <div className={styles.brand}>
            <Logo size={24} /> Guildhall
          </div>
          <p className={styles.muted}>{t("tagline")}</p>
        </div>
        <nav aria-label={t("product")}>
          <h2 className={styles.heading}>{t("product")}</h2>
          <ul className={styles.list}>
            <li>
              <Link href={premiumHref(locale)}>{tn("premium")}</Link>
            </li>
            <li>
              <Link href={`/${locale}/dashboard`} prefetch={false}>
                {tn("dashboard")}
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("legal")}>
          <h2 className={styles.heading}>{t("legal")}</h2>
          <ul className={styles.list}>
            <li>
              <a href={language.privacyPath}>{t("privacy")}</a>
            </li>
            <li>
              <a href={language.termsPath}>{t("terms")}</a>
            </li>
          </ul>
        </nav>
        <nav aria-label={t("languages")}>
          <h2 className={styles.heading}>{t("languages")}</h2>
          <ul className={`${styles.list} ${styles.languages}`}>
            {LOCALES.map((code) => (
              <li key={code}>
                <Link href={`/${code}`} hrefLang={LANGUAGES[code].tag} lang={LANGUAGES[code].tag} aria-current={code === locale ? "true" : undefined}>
                  {LANGUAGES[code].name}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className={`container ${styles.bottom}`}>{t("copyright", { year: new Date().getFullYear() })}</div>
    </footer>
  );
}
