import "server-only";
import { getTranslations } from "next-intl/server";
import { getEnv } from "@/lib/env";
import type { Locale } from "@/lib/i18n/locales";
import { SUBSCRIPTION_ACTIONS } from "@/lib/billing/actions";
import type { SubscriptionText } from "./subscription-section";

/** The Subscription section's strings in `locale` (messages/<locale>.json "subscription"). */
export async function subscriptionText(locale: Locale): Promise<SubscriptionText> {
  const t = await getTranslations({ locale, namespace: "subscription" });
  const raw = (key: string) => t.raw(key) as string;
  const group = <K extends string>(prefix: string, keys: readonly K[]) => Object.fromEntries(keys.map((key) => [key, raw(`${prefix}.${key}`)])) as Record<K, string>;
  return {
    title: t("title"),
    loading: t("loading"),
    none: t("none"),
    buy: t("buy"),
    plan: raw("plan"),
    plans: group("plans", ["premium", "pro", "web3", "bundle"]),
    statuses: group("statuses", ["active", "in_trial", "non_renewing", "past_due", "paused", "cancelled"]),
    renewsOn: raw("renewsOn"),
    endsOn: raw("endsOn"),
    card: raw("card"),
    actions: group("actions", SUBSCRIPTION_ACTIONS),
    confirmTitle: group("confirmTitle", ["cancel", "pause"]),
    confirm: group("confirm", ["cancel", "pause"]),
    back: t("back"),
    freeMonth: group("freeMonth", ["title", "body", "take"]),
    done: group("done", SUBSCRIPTION_ACTIONS),
    working: t("working"),
    portal: t("portal"),
    opening: t("opening"),
    welcome: t("welcome"),
    cancelled: t("cancelled"),
    unavailable: t("unavailable"),
    notAllowed: t("notAllowed"),
  };
}

/** Where a manager buys Premium for the guild by card (the checkout route redirects a click to Stripe), or null without Stripe. */
export function cardCheckoutHref(guildId: string, plan = "premium"): string | null {
  return getEnv().stripe ? `/api/stripe/plans/${plan}/checkout?${new URLSearchParams({ guild_id: guildId, period: "1" })}` : null;
}
