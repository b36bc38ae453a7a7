import "server-only";
import { getTranslations } from "next-intl/server";
import type { Locale } from "@/lib/i18n/locales";
import { CryptoCheckout } from "./crypto-checkout";
import { CRYPTO_CHECKOUT_KEYS, type CryptoCheckoutText } from "./text";

/** "Pay with crypto" for a guild the viewer manages, a plan and a period (mount it where the checkout picked them). */
export async function CryptoCheckoutSection({ guildId, plan, period, locale }: { guildId: string; plan: string; period: number; locale: Locale }) {
  const t = await getTranslations({ locale, namespace: "cryptoCheckout" });
  const text = Object.fromEntries(CRYPTO_CHECKOUT_KEYS.map((key) => [key, t.raw(key) as string])) as CryptoCheckoutText;
  return <CryptoCheckout guildId={guildId} plan={plan} period={period} text={text} />;
}
