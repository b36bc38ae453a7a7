import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { getPluginText } from "@/app/[locale]/dashboard/[guildId]/plugin-text";
import { CrownIcon } from "@/components/premium/crown-icon";
import { socialCards } from "@/lib/brand/metadata";
import { LANGUAGES, type Locale, localeOr, LOCALES } from "@/lib/i18n/locales";
import { shopPlans } from "@/lib/billing/shop";
import { getEnv } from "@/lib/env";
import { CRYPTO_CHECKOUT_KEYS, type CryptoCheckoutText } from "@/components/crypto-checkout/text";
import { isBuilt, PREMIUM_CLAIMS, SOLD_PLANS } from "@/lib/brand/claims";
import { planEntitlements } from "@/lib/billing/entitlements";
import { PLAN_BUFFS } from "@/lib/billing/plans";
import { collectionLimit } from "@/lib/plugins/collection-limit";
import { premiumComparison } from "@/lib/premium/comparison";
import { ComparisonTable, type ComparisonRow } from "./comparison-table";
import { describeSetting } from "./describe-setting";
import { fieldLabel } from "./field-label";
import type { OtherPayments } from "@/components/premium/checkout-chooser";
import { PlansTable, type PlanRow } from "./plans-table";
import { Pricing } from "./pricing";
import styles from "./premium.module.css";

// The same for every visitor: it reads neither the session nor the query, so `?guild=` from
// the dashboard's links reaches the same bytes. The prices come from the billing provider and
// are drawn again every few minutes (revalidate); the chooser island is the only client part.
// What it compares comes from the entitlement table (a column per sold plan, a row per built
// entitlement) and, for Premium, from the plugin definitions, leaving out what is not built
// (lib/brand/claims.ts).
export const revalidate = 300;

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  const t = await getTranslations({ locale });
  const path = `/${locale}/premium`;
  const description = t(PREMIUM_CLAIMS.description.key);
  return {
    title: t("meta.premiumTitle"),
    description,
    alternates: {
      canonical: path,
      languages: Object.fromEntries(LOCALES.map((code) => [LANGUAGES[code].tag, `/${code}/premium`])),
    },
    ...socialCards({ locale, title: t("meta.premiumTitle"), description, path }),
  };
}

export default async function PremiumPage({ params }: Props) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const [t, tc, text, ts, offers] = await Promise.all([
    getTranslations({ locale, namespace: "premium" }),
    getTranslations({ locale, namespace: "common" }),
    getPluginText(locale),
    getTranslations({ locale, namespace: "premium.shop" }),
    shopPlans(),
  ]);
  const comparison = premiumComparison();
  const built = <T extends { pluginId: string; path?: string }>(rows: T[]) => rows.filter((row) => isBuilt(row.pluginId, row.path));
  const free = t("columns.free");
  const premium = t("columns.premium");
  const plans = SOLD_PLANS.map((plan) => ({ plan, name: ts(`plans.${plan}`) }));
  const place = (pluginId: string, collection: string | undefined, path: string) => `${text.name(pluginId)} · ${fieldLabel(text, pluginId, collection, path)}`;

  const unlocks: PlanRow[] = PREMIUM_CLAIMS.unlocks.map(({ entitlement }) => ({
    key: entitlement,
    name: t(`entitlements.${entitlement}.name`),
    description: t(`entitlements.${entitlement}.description`),
    plans: SOLD_PLANS.filter((plan) => planEntitlements(plan).includes(entitlement)),
  }));
  // Each sold plan's limit, as the server holds it to the guild's buffs (Pro doubles every list).
  const lists: ComparisonRow[] = built(comparison.lists).map((list) => ({
    key: `${list.pluginId}/${list.collection}`,
    name: text.collectionLabel(list.pluginId, list.collection),
    cells: [String(list.free), ...SOLD_PLANS.map((plan) => String(collectionLimit({ limits: list }, PLAN_BUFFS[plan])))],
  }));
  const sizes: ComparisonRow[] = built(comparison.sizes).map((size) => ({
    key: `${size.pluginId}/${size.collection ?? ""}/${size.path}`,
    name: place(size.pluginId, size.collection, size.path),
    cells: [String(size.free), size.premium === null ? t("noLimit") : String(size.premium)],
  }));
  const settings: ComparisonRow[] = built(comparison.settings).map((setting) => {
    const cells = describeSetting(setting, (key, values) => t(key, values));
    return { key: `${setting.pluginId}/${setting.collection ?? ""}/${setting.path}`, name: place(setting.pluginId, setting.collection, setting.path), cells: [cells.free, cells.premium] };
  });

  return (
    <>
      <section className={styles.hero} aria-labelledby="premium-title">
        <div className={`container ${styles.heroInner}`}>
          <p className={styles.eyebrow}>
            <CrownIcon size={18} /> {premium}
          </p>
          <h1 id="premium-title" className={styles.title}>
            {t("title")}
          </h1>
          <p className={styles.intro}>{t("intro")}</p>
          <p className={`notice notice-warning ${styles.checkout}`} data-testid="premium-checkout">
            {t("checkout")}
          </p>
          <Link className="button button-secondary" href={`/${locale}/dashboard`}>
            {tc("openDashboard")}
          </Link>
        </div>
      </section>

      <div className={`container ${styles.body}`}>
        <Pricing locale={locale} offers={offers} t={(key) => ts(key as never)} other={await otherPayments(locale)} />

        <PlansTable
          columns={{ name: t("columns.unlock"), plans }}
          rows={unlocks}
          text={{ title: t("plansTitle"), intro: t("plansIntro"), included: t("included"), notIncluded: t("notIncluded") }}
        />

        <section aria-labelledby="premium-plugins">
          <h2 id="premium-plugins">{t("pluginsTitle")}</h2>
          <p className={styles.sectionIntro}>{t("pluginsIntro")}</p>
          <ul className={styles.plugins} data-testid="premium-plugins">
            {comparison.plugins.filter((pluginId) => isBuilt(pluginId)).map((pluginId) => (
              <li key={pluginId} className={styles.plugin}>
                <h3>{text.name(pluginId)}</h3>
                {text.description(pluginId) ? <p>{text.description(pluginId)}</p> : null}
              </li>
            ))}
          </ul>
        </section>

        <ComparisonTable id="premium-lists" title={t("listsTitle")} intro={t("listsIntro")} columns={{ name: t("columns.list"), tiers: [free, ...plans.map((plan) => plan.name)] }} rows={lists} />
        <ComparisonTable id="premium-sizes" title={t("sizesTitle")} intro={t("sizesIntro")} columns={{ name: t("columns.setting"), tiers: [free, premium] }} rows={sizes} />
        <ComparisonTable id="premium-settings" title={t("settingsTitle")} intro={t("settingsIntro")} columns={{ name: t("columns.setting"), tiers: [free, premium] }} rows={settings} />
      </div>
    </>
  );
}

/** The ways to pay besides Chargebee's hosted page that this deployment has configured. */
async function otherPayments(locale: Locale): Promise<OtherPayments> {
  const env = getEnv();
  const links = { card: env.stripe !== null, paypal: env.paypal !== null };
  if (!env.crypto) return { ...links, crypto: null };
  const t = await getTranslations({ locale, namespace: "cryptoCheckout" });
  return { ...links, crypto: Object.fromEntries(CRYPTO_CHECKOUT_KEYS.map((key) => [key, t.raw(key) as string])) as CryptoCheckoutText };
}
