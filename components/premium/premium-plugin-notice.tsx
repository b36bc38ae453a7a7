import Link from "next/link";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";

/** Above the settings of a premium plugin on a free server: what Premium unlocks, and where to read about it. */
export async function PremiumPluginNotice({ locale, guildId, name }: { locale: Locale; guildId: string; name: string }) {
  const t = await getTranslations({ locale, namespace: "premium" });
  return (
    // One span: .notice is a flex row, which would set the sentence and the link side by side.
    <p className="notice notice-warning" data-testid="premium-plugin-notice">
      <span>
        {t("pluginNotice", { name })}{" "}
        <Link href={premiumHref(locale, guildId)} prefetch={false}>
          {t("link")}
        </Link>
      </span>
    </p>
  );
}
