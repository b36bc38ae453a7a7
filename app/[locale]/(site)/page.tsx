import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { GamepadIcon, MegaphoneIcon, PuzzleIcon, ShieldIcon } from "@/components/icons";
import { RankCardDialog } from "@/components/rank-card/rank-card-dialog";
import { rankCardDialogText } from "@/components/rank-card/rank-card-text";
import { LANDING_CLAIMS, type Claim } from "@/lib/brand/claims";
import { socialCards } from "@/lib/brand/metadata";
import { LANGUAGES, localeOr, LOCALES } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";
import styles from "./landing.module.css";

// Every feature this page names is a claim of lib/brand/claims.ts, which says what it depends on.
const CATEGORIES = [
  { key: "utilities", Icon: ShieldIcon },
  { key: "social", Icon: MegaphoneIcon },
  { key: "fun", Icon: GamepadIcon },
  { key: "more", Icon: PuzzleIcon },
] as const;

const STEPS = ["signIn", "addBot", "configure"] as const;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  const t = await getTranslations({ locale });
  const path = `/${locale}`;
  const description = t(LANDING_CLAIMS.description.key);
  return {
    title: t("meta.title"),
    description,
    alternates: {
      canonical: path,
      languages: Object.fromEntries(LOCALES.map((code) => [LANGUAGES[code].tag, `/${code}`])),
    },
    ...socialCards({ locale, title: t("meta.title"), description, path }),
  };
}

export default async function LandingPage({ params }: Props) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const [t, claim] = await Promise.all([getTranslations({ locale, namespace: "landing" }), getTranslations({ locale })]);
  const claims = (list: readonly Claim[], className: string | undefined) => (
    <ul className={className}>
      {list.map(({ id, key }) => (
        <li key={id}>{claim(key)}</li>
      ))}
    </ul>
  );

  return (
    <>
      <section className={styles.hero}>
        <div className={`container ${styles.heroInner}`}>
          <p className={styles.eyebrow}>{t("eyebrow")}</p>
          <h1 className={styles.title}>{t("title")}</h1>
          <p className={styles.subtitle}>{claim(LANDING_CLAIMS.subtitle.key)}</p>
          <div className={styles.ctas}>
            <Link className="button button-primary" href={`/${locale}/dashboard`}>
              {t("ctaPrimary")}
            </Link>
            <a className="button button-secondary" href="#features">
              {t("ctaSecondary")}
            </a>
          </div>
        </div>
      </section>

      <section id="features" className={`container ${styles.section}`} aria-labelledby="features-title">
        <h2 id="features-title" className={styles.sectionTitle}>
          {t("featuresTitle")}
        </h2>
        <p className={styles.sectionSubtitle}>{t("featuresSubtitle")}</p>
        <ul className={styles.cards}>
          {CATEGORIES.map(({ key, Icon }) => (
            <li key={key} className={styles.card}>
              <span className={styles.cardIcon}>
                <Icon />
              </span>
              <h3>{t(`categories.${key}.title`)}</h3>
              {claims(LANDING_CLAIMS.categories[key], styles.claims)}
            </li>
          ))}
        </ul>
      </section>

      <section className={`container ${styles.section}`} aria-labelledby="steps-title">
        <h2 id="steps-title" className={styles.sectionTitle}>
          {t("stepsTitle")}
        </h2>
        <ol className={styles.steps}>
          {STEPS.map((key, index) => (
            <li key={key} className={styles.step}>
              <span className={styles.stepNumber} aria-hidden="true">
                {index + 1}
              </span>
              <h3>{t(`steps.${key}.title`)}</h3>
              <p>{t(`steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </section>

      <section className="container" aria-labelledby="premium-title">
        <div className={styles.premium}>
          <div>
            <span className="badge badge-premium">★ Premium</span>
            <h2 id="premium-title">{t("premiumTitle")}</h2>
            {claims(LANDING_CLAIMS.premium, styles.premiumClaims)}
          </div>
          <Link className={`button ${styles.premiumButton}`} href={premiumHref(locale)}>
            {t("premiumCta")}
          </Link>
        </div>
      </section>
      {/* Spec 2: #rank-card opens the signed-in visitor's card, also where a purchase started here comes back. */}
      <RankCardDialog locale={locale} text={rankCardDialogText(await getTranslations({ locale, namespace: "rankCard" }), await getTranslations({ locale, namespace: "common" }))} />
    </>
  );
}
