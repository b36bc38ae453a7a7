import { getLocale, getTranslations } from "next-intl/server";
import { localeOr } from "@/lib/i18n/locales";
import { premiumHref } from "@/lib/premium/href";
import styles from "./premium.module.css";

/**
 * Under a premium plugin's card on a free server. Reads the page's language from the
 * request (the overview sets it), so the card needs no new strings from its page.
 */
export async function PremiumCardNote({ guildId, name }: { guildId: string; name: string }) {
  const requested = await getLocale();
  const locale = localeOr(requested);
  const t = await getTranslations({ locale, namespace: "premium" });
  return (
    <p className={styles.cardNote} data-testid="premium-card-note">
      {t("pluginCard", { name })}{" "}
      <a className={styles.cardNoteLink} href={premiumHref(locale, guildId)}>
        {t("link")}
      </a>
    </p>
  );
}
