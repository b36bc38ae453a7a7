import { CheckoutChooser, type ChooserPlan, type ChooserText, type OtherPayments, type Price } from "@/components/premium/checkout-chooser";
import { CUSTOM_BOT_ITEM } from "@/lib/billing/chargebee/item-prices";
import { planEntitlements } from "@/lib/billing/entitlements";
import { formatPrice } from "@/lib/billing/format-price";
import { PLANS, type Plan } from "@/lib/billing/plans";
import type { ShopOffer, ShopPrice } from "@/lib/billing/shop";
import type { Locale } from "@/lib/i18n/locales";
import styles from "./premium.module.css";

// The plans and what they cost, from the billing provider's catalogue (lib/billing/shop.ts),
// in the page's number format and the provider's currency, rendered on the server so the
// prices are in the page a crawler reads; the chooser island takes the same prices.

const CHOOSER_KEYS = ["title", "plan", "period", "monthly", "yearly", "customBot", "guild", "chooseGuild", "loadingGuilds", "noGuilds", "needsBot", "hasPlan", "alreadyHas", "openOverview", "signIn", "total", "pay", "opening", "errorUnavailable", "errorGeneric", "perMonth", "perYear", "otherWays", "payByCard", "payByPaypal"] as const;

const byPeriod = (prices: ShopPrice[]): Partial<Record<1 | 12, Price>> =>
  Object.fromEntries(prices.filter((price) => price.period_months === 1 || price.period_months === 12).map((price) => [price.period_months, { amount: price.amount, currency: price.currency }]));

type Props = { locale: Locale; offers: ShopOffer[] | null; t: (key: string) => string; other: OtherPayments };

/** The custom bot add-on's prices with a plan that does not include the custom bot already (Pro and the bundle do: lib/billing/entitlements.ts). */
export function customBotAddon(offer: ShopOffer): ChooserPlan["customBot"] {
  const addon = offer.addons.find((candidate) => candidate.id === CUSTOM_BOT_ITEM);
  if (!offer.plan || !addon || addon.prices.length === 0 || planEntitlements(offer.plan).includes("custom_bot")) return null;
  return byPeriod(addon.prices);
}

/** The page reads the offers (lib/billing/shop.ts shopPlans) and the "premium.shop" strings; null offers: none could be read. */
export function Pricing({ locale, offers, t, other }: Props) {
  if (!offers) {
    return (
      <p className="notice notice-warning" data-testid="premium-prices" role="status">
        {t("unavailable")}
      </p>
    );
  }
  const name = (offer: ShopOffer) => t(`plans.${offer.plan ?? "premium"}`);
  const plans: ChooserPlan[] = offers.filter((offer) => offer.plan && offer.prices.length > 0).map((offer) => ({ plan: offer.plan!, name: name(offer), prices: byPeriod(offer.prices), customBot: customBotAddon(offer) }));
  const cell = (price: Price | undefined) => (price ? formatPrice(locale, price.amount, price.currency) : "—");
  const text = Object.fromEntries(CHOOSER_KEYS.map((key) => [key, t(`chooser.${key}`)])) as ChooserText;
  const planNames = Object.fromEntries(PLANS.map((plan) => [plan, t(`plans.${plan}`)])) as Record<Plan, string>;
  return (
    <section aria-labelledby="premium-prices-title" className={styles.pricing}>
      <h2 id="premium-prices-title">{t("title")}</h2>
      <p className={styles.sectionIntro}>{t("intro")}</p>
      {offers.some((offer) => offer.stale) ? <p className="notice notice-warning">{t("stale")}</p> : null}
      <div className={styles.tableWrap}>
        <table className={styles.table} aria-labelledby="premium-prices-title" data-testid="premium-prices">
          <thead>
            <tr>
              <th scope="col">{t("columns.plan")}</th>
              <th scope="col">{t("columns.monthly")}</th>
              <th scope="col">{t("columns.yearly")}</th>
            </tr>
          </thead>
          <tbody>
            {plans.map((plan) => (
              <tr key={plan.plan}>
                <th scope="row">{plan.name}</th>
                <td>{cell(plan.prices[1])}</td>
                <td>{cell(plan.prices[12])}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <CheckoutChooser locale={locale} plans={plans} planNames={planNames} text={text} other={other} signInHref={`/api/login?locale=${locale}&redirect=${encodeURIComponent(`/${locale}/premium`)}`} />
    </section>
  );
}
