import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { socialCards } from "@/lib/brand/metadata";
import { LANGUAGES, LOCALES, isLocale } from "@/lib/i18n/locales";
import styles from "./legal.module.css";

// Served at /privacy.html and /terms.html (middleware rewrites them here by language).
const DOCS = {
  privacy: ["collect", "use", "tokens", "retention", "contact"],
  terms: ["use", "content", "premium", "availability", "changes"],
} as const;
type Doc = keyof typeof DOCS;
const UPDATED = new Date("2026-11-01T00:00:00Z");

type Props = { params: Promise<{ locale: string; doc: string }> };

// Drawn on first request, then kept (see the locale layout).
export function generateStaticParams() {
  return [];
}

function isDoc(value: string): value is Doc {
  return value in DOCS;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale, doc } = await params;
  if (!isLocale(locale) || !isDoc(doc)) return {};
  const [t, tl] = await Promise.all([getTranslations({ locale, namespace: "meta" }), getTranslations({ locale, namespace: "legal" })]);
  const title = t(doc === "privacy" ? "privacyTitle" : "termsTitle");
  const description = tl(`${doc}.intro`);
  const path = `/${doc}.html?lang=${locale}`;
  return {
    title,
    description,
    alternates: {
      canonical: path,
      languages: Object.fromEntries(LOCALES.map((code) => [LANGUAGES[code].tag, `/${doc}.html?lang=${code}`])),
    },
    ...socialCards({ locale, title, description, path }),
  };
}

export default async function LegalPage({ params }: Props) {
  const { locale, doc } = await params;
  if (!isLocale(locale) || !isDoc(doc)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: `legal` });
  const date = new Intl.DateTimeFormat(LANGUAGES[locale].tag, { dateStyle: "long", timeZone: "UTC" }).format(UPDATED);
  return (
    <article className={`container ${styles.article}`}>
      <h1>{t(`${doc}.title`)}</h1>
      <p className={styles.updated}>{t("updated", { date })}</p>
      <p className={styles.intro}>{t(`${doc}.intro`)}</p>
      {DOCS[doc].map((section) => (
        <section key={section}>
          <h2>{t(`${doc}.sections.${section}.title`)}</h2>
          <p>{t(`${doc}.sections.${section}.body`)}</p>
        </section>
      ))}
    </article>
  );
}
