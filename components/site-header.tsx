import Link from "next/link";
import { Suspense } from "react";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";
import { LanguageSwitcher } from "./language-switcher";
import { Logo } from "./logo";
import { CrownIcon } from "./premium/crown-icon";
import styles from "./site-header.module.css";

/** Header of the public pages and the dashboard; `actions` holds the right-hand side (CTA or user menu). */
export async function SiteHeader({ locale, actions }: { locale: Locale; actions?: React.ReactNode }) {
  const [t, tn] = await Promise.all([getTranslations({ locale, namespace: "common" }), getTranslations({ locale, namespace: "nav" })]);
  return (
    <header className={styles.header}>
      <div className={`container ${styles.inner}`}>
        <Link href={`/${locale}`} className={styles.brand}>
          <Logo />
          <span>{t("brand")}</span>
        </Link>
        <div className={styles.actions}>
          <nav aria-label={tn("mainNavigation")}>
            <Link href={premiumHref(locale)} className={styles.navLink} prefetch={false}>
              <CrownIcon size={18} />
              <span className={styles.navText}>{tn("premium")}</span>
            </Link>
          </nav>
          <Suspense>
            <LanguageSwitcher locale={locale} label={t("language")} />
          </Suspense>
          {actions}
        </div>
      </div>
    </header>
  );
}
