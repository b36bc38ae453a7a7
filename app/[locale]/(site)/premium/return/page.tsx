import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CheckoutReturn, type ReturnText } from "@/components/premium/checkout-return";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import styles from "../premium.module.css";

// Where Chargebee's hosted page sends the buyer back (?id=…&state=…): the island confirms the
// payment with the server. Not for search engines.

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export const metadata: Metadata = { robots: { index: false } };

const KEYS = ["finishing", "success", "openGuild", "cancelled", "forbidden", "unpaid", "unavailable", "failed", "back"] as const;

export default async function CheckoutReturnPage({ params, searchParams }: Props) {
  const { locale: raw } = await params;
  const locale = isLocale(raw) ? raw : DEFAULT_LOCALE;
  setRequestLocale(locale);
  const query = await searchParams;
  const t = await getTranslations({ locale, namespace: "premium.return" });
  const one = (value: string | string[] | undefined) => (typeof value === "string" && /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : null);
  const text = Object.fromEntries(KEYS.map((key) => [key, t(key)])) as ReturnText;
  return (
    <section className={styles.hero} aria-labelledby="checkout-return-title">
      <div className={`container ${styles.heroInner}`}>
        <h1 id="checkout-return-title" className={styles.title}>
          {t("title")}
        </h1>
        <CheckoutReturn hostedPageId={one(query.id)} state={one(query.state)} locale={locale} text={text} />
      </div>
    </section>
  );
}
