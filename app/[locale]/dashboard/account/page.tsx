import type { Metadata } from "next";
import { getTranslations, setRequestLocale } from "next-intl/server";
import panel from "@/components/action-panel/action-panel.module.css";
import { TRANSACTIONS_KEYS, WALLETS_KEYS, type TransactionsText, type WalletsText } from "@/components/wallets/text";
import { TransactionsTable } from "@/components/wallets/transactions-table";
import { WalletsPanel } from "@/components/wallets/wallets-panel";
import { localeOr } from "@/lib/i18n/locales";
import styles from "../dashboard.module.css";

// The signed-in user's account page: their wallets (linked by Sign-In with Ethereum) and their
// crypto payments. The same page for everyone in a language; the islands read the user's data.

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale: localeOr(locale), namespace: "account" });
  return { title: t("metaTitle"), robots: { index: false } };
}

export default async function AccountPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale: raw } = await params;
  const locale = localeOr(raw);
  setRequestLocale(locale);
  const [t, tw, tt] = await Promise.all([
    getTranslations({ locale, namespace: "account" }),
    getTranslations({ locale, namespace: "account.wallets" }),
    getTranslations({ locale, namespace: "account.transactions" }),
  ]);
  // Raw: the islands fill the {placeholders}.
  const walletsText = Object.fromEntries(WALLETS_KEYS.map((key) => [key, tw.raw(key) as string])) as WalletsText;
  const transactionsText = Object.fromEntries(TRANSACTIONS_KEYS.map((key) => [key, tt.raw(key) as string])) as TransactionsText;
  return (
    <div className={`container ${styles.page}`}>
      <header className={styles.intro}>
        <h1>{t("title")}</h1>
        <p>{t("subtitle")}</p>
      </header>
      <div className={panel.panel}>
        <section className={panel.card} aria-labelledby="wallets-title">
          <header className={panel.header}>
            <h2 id="wallets-title">{walletsText.title}</h2>
            <p>{walletsText.intro}</p>
          </header>
          <WalletsPanel text={walletsText} />
        </section>
        <section className={panel.card} aria-labelledby="transactions-title">
          <header className={panel.header}>
            <h2 id="transactions-title">{transactionsText.title}</h2>
            <p>{transactionsText.intro}</p>
          </header>
          <TransactionsTable text={transactionsText} />
        </section>
      </div>
    </div>
  );
}
