import "server-only";
import { getTranslations } from "next-intl/server";
import { LANGUAGES, type Locale } from "@/lib/i18n/locales";
import styles from "@/components/plugin-tools.module.css";
import type { EconomyText } from "./economy-tools";
import { EconomyTools } from "./economy-tools";

type Props = { guildId: string; guildName: string; locale: Locale; config: Record<string, unknown>; disabled: boolean };

const KEYS = [
  "giveTitle", "member", "memberHint", "searching", "noMembers", "selected", "amount", "amountHint", "give", "giving", "newBalance",
  "richestTitle", "richestEmpty", "loading", "loadFailed", "retry", "unknownMember", "rank", "resetTitle", "resetWarning", "resetConfirm", "reset", "resetting", "resetDone",
] as const satisfies ReadonlyArray<keyof EconomyText>;

/** The economy page's balances section: give coins, the richest members, reset. */
export async function EconomySection({ guildId, guildName, locale, config, disabled }: Props) {
  const t = await getTranslations({ locale, namespace: "economyTools" });
  // Templates go over raw: the island fills {name} {coins} {rank} {word} itself.
  const text = Object.fromEntries(KEYS.map((key) => [key, t.raw(key) as string])) as EconomyText;
  const currency = { name: typeof config.currency_name === "string" ? config.currency_name : "", emoji: typeof config.currency_emoji === "string" ? config.currency_emoji : "" };
  return (
    <section className={styles.card} aria-labelledby="economy-tools-heading" data-testid="economy-tools">
      <div className={styles.header}>
        <h2 id="economy-tools-heading">{t("title")}</h2>
        <p>{t("description")}</p>
      </div>
      <EconomyTools guildId={guildId} confirmWord={guildName} currency={currency} locale={LANGUAGES[locale].tag} disabled={disabled} text={text} />
    </section>
  );
}
