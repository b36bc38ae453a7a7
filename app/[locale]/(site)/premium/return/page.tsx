import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import { CheckoutReturn, type ReturnedCheckout, type ReturnText } from "@/components/premium/checkout-return";
import { localeOr } from "@/lib/i18n/locales";
import styles from "../premium.module.css";

// Where Chargebee's hosted page (?id=…&state=…) and PayPal's approval page
// (?provider=paypal&subscription_id=…, or &state=cancelled) send the buyer back: the island
// confirms the payment with the server. Not for search engines.

type Props = { params: Promise<{ locale: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

// Read from its query at each request: under the locale layout, which prerenders nothing, a page
// Next is not told is dynamic is drawn once as a static page and fails on its query (React #441).
export const dynamic = "force-dynamic";

export const metadata: Metadata = { robots: { index: false } };

const KEYS = ["finishing", "success", "openGuild", "cancelled", "forbidden", "unpaid", "unavailable", "failed", "back"] as const;

/** Which provider sent the buyer back, and the id it names (null when there is none: nothing to confirm). */
function returnedFrom(query: Record<string, string | string[] | undefined>, one: (value: string | string[] | undefined) => string | null): ReturnedCheckout {
  if (query.provider === "paypal") return { provider: "paypal", id: one(query.subscription_id) };
  return { provider: "chargebee", id: one(query.id) };
}

export default async function CheckoutReturnPage({ params, searchParams }: Props) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
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
        <CheckoutReturn checkout={returnedFrom(query, one)} state={one(query.state)} locale={locale} text={text} />
      </div>
    </section>
  );
}
