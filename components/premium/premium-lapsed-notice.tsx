import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";

/** Above a plugin's settings when Premium ended here while some of them use it: they are kept, and wait for Premium to apply again. */
export async function PremiumLapsedNotice({ locale, guildId, endedAt }: { locale: Locale; guildId: string; endedAt: Date }) {
  const t = await getTranslations({ locale, namespace: "premium" });
  // The page is the same for every viewer (cached per guild and language): the day as it was in UTC.
  const date = new Intl.DateTimeFormat(LANGUAGES[locale].tag, { dateStyle: "long", timeZone: "UTC" }).format(endedAt);
  return (
    // One span: .notice is a flex row, which would set the sentence and the link side by side.
    <p className="notice notice-warning" data-testid="premium-lapsed-notice">
      <span>
        {t("lapsedNotice", { date })}{" "}
        <Link href={premiumHref(locale, guildId)} prefetch={false}>
          {t("lapsedLink")}
        </Link>
      </span>
    </p>
  );
}
