import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";
import { cardCheckoutHref } from "@/components/billing/subscription-text";

/** Above the settings of a premium plugin on a free server: what Premium unlocks, and where to read about it. */
export async function PremiumPluginNotice({ locale, guildId, name }: { locale: Locale; guildId: string; name: string }) {
  const [t, ts] = await Promise.all([getTranslations({ locale, namespace: "premium" }), getTranslations({ locale, namespace: "subscription" })]);
  const buy = cardCheckoutHref(guildId);
  return (
    // One span: .notice is a flex row, which would set the sentence and the link side by side.
    <p className="notice notice-warning" data-testid="premium-plugin-notice">
      <span>
        {t("pluginNotice", { name })}{" "}
        <Link href={premiumHref(locale, guildId)} prefetch={false}>
          {t("link")}
        </Link>
        {buy ? (
          <>
            {" "}
            {/* A plain link: the checkout route redirects the navigation to the payment page. */}
            <a href={buy} data-testid="premium-buy-card">
              {ts("buy")}
            </a>
          </>
        ) : null}
      </span>
    </p>
  );
}
