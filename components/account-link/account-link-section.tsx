import "server-only";
import { shown } from "@/lib/providers/routes";
import { getTranslations } from "next-intl/server";
import styles from "@/components/plugin-tools.module.css";
import { readAccountLink } from "@/lib/account-links/links";
import type { LinkProvider } from "@/lib/account-links/providers";
import { getDb } from "@/lib/db/client";
import type { Locale } from "@/lib/i18n/locales";
import type { AccountLinkText } from "./account-link";
import { AccountLink } from "./account-link";

const NAMES: Record<LinkProvider, string> = { twitch: "Twitch", twitter: "X", tiktok: "TikTok" };
const KEYS = ["link", "linking", "unlink", "unlinking", "notLinked", "failed"] as const;

/**
 * The linked account of a Twitch, X or TikTok plugin page. The page is cached per guild (not per
 * viewer), which fits: the link belongs to the guild, and every link or unlink goes through the
 * guild pipeline, which expires the guild's pages.
 */
export async function AccountLinkSection({ guildId, provider, locale, disabled }: { guildId: string; provider: LinkProvider; locale: Locale; disabled: boolean }) {
  const [t, account] = await Promise.all([getTranslations({ locale, namespace: "accountLink" }), getDb().then((db) => readAccountLink(db, guildId, provider))]);
  const values = { provider: NAMES[provider] };
  const text = { ...Object.fromEntries(KEYS.map((key) => [key, t(key, values)])), linkedAs: t.raw("linkedAs") as string } as AccountLinkText;
  return (
    <section className={styles.card} aria-labelledby="account-link-heading" data-testid="account-link-section">
      <div className={styles.header}>
        <h2 id="account-link-heading">{t("title", values)}</h2>
        <p>{t("description", values)}</p>
      </div>
      <AccountLink guildId={guildId} provider={provider} initial={account ? { linked: true, account: shown(account) } : { linked: false }} text={text} disabled={disabled} />
    </section>
  );
}
