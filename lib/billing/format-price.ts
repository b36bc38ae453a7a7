import { LANGUAGES, type Locale } from "@/lib/i18n/locales";

// A price as the visitor reads it: their language's number format, the provider's currency,
// from the amount in the currency's minor unit (cents for USD, none for JPY). Client-safe.

export function formatPrice(locale: Locale, amount: number, currency: string): string {
  const format = new Intl.NumberFormat(LANGUAGES[locale].tag, { style: "currency", currency });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(amount / 10 ** digits);
}
