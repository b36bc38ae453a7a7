import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { localeOr } from "@/lib/i18n/locales";
import styles from "./status-page.module.css";

export default async function NotFound() {
  const current = await getLocale();
  const locale = localeOr(current);
  const t = await getTranslations({ locale, namespace: "notFound" });
  return (
    <main id="main" className={styles.page}>
      <div className={styles.card}>
        <p className={styles.code} aria-hidden="true">
          404
        </p>
        <h1>{t("title")}</h1>
        <p className={styles.muted}>{t("description")}</p>
        <Link className="button button-primary" href={`/${locale}`}>
          {t("button")}
        </Link>
      </div>
    </main>
  );
}
