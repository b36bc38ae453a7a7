"use client";

import dynamic from "next/dynamic";
import { fill } from "@/lib/i18n/fill";
import { useId, useState } from "react";
import useSWR from "swr";
import { useSignedInUser } from "@/components/use-signed-in-user";
import { blockingPlan, type RunningPlan } from "@/lib/billing/checkout-rule";
import { formatPrice } from "@/lib/billing/format-price";
import type { Plan } from "@/lib/billing/plans";
import type { GuildSummary } from "@/lib/guilds/user-guilds";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import type { Locale } from "@/lib/i18n/locales";
import type { CryptoCheckoutText } from "@/components/crypto-checkout/text";
import styles from "./checkout-chooser.module.css";

// viem is large: the crypto checkout's code loads once a server is chosen and it is shown.
const CryptoCheckout = dynamic(() => import("@/components/crypto-checkout/crypto-checkout").then((module) => module.CryptoCheckout));

// The premium page's one interactive part: a plan, a period, the custom-bot add-on and a guild
// the visitor manages, then off to Chargebee's hosted page. The prices come from the server
// render (the provider's catalogue); Chargebee charges its own, the same. A guild already
// paying for the plan is said to have it, with the way to its overview, instead of being sold
// it twice (the checkouts refuse it too: lib/billing/checkout-rule.ts).

export type Price = { amount: number; currency: string };
export type ChooserPlan = { plan: Plan; name: string; prices: Partial<Record<1 | 12, Price>>; customBot: Partial<Record<1 | 12, Price>> | null };
export type ChooserText = Record<
  | "title" | "plan" | "period" | "monthly" | "yearly" | "customBot" | "guild" | "chooseGuild" | "loadingGuilds" | "noGuilds" | "needsBot" | "hasPlan" | "alreadyHas" | "openOverview"
  | "signIn" | "total" | "pay" | "opening" | "errorUnavailable" | "errorGeneric" | "perMonth" | "perYear" | "otherWays" | "payByCard" | "payByPaypal",
  string
>;

/** The other ways to pay the server offers: card checkout (Stripe), PayPal and crypto (its strings), each when configured. */
export type OtherPayments = { card: boolean; paypal: boolean; crypto: CryptoCheckoutText | null };

type Props = { locale: Locale; plans: ChooserPlan[]; planNames: Record<Plan, string>; text: ChooserText; signInHref: string; other: OtherPayments };

/** A guild of GET /api/users/@me/managed-guilds: with the plans it pays for now. */
type ManagedGuild = GuildSummary & { paid_plans: RunningPlan[] };


export function CheckoutChooser({ locale, plans, planNames, text, signInHref, other }: Props) {
  const id = useId();
  const user = useSignedInUser();
  const [plan, setPlan] = useState<Plan>(plans[0]?.plan ?? "premium");
  const [period, setPeriod] = useState<1 | 12>(1);
  const [customBot, setCustomBot] = useState(false);
  // Upsells link here as /premium?guild={id}: that server comes chosen once it is known to be one the
  // visitor manages with the bot in it. Read on the client: the page is the same for everyone.
  const [wanted] = useState(() => (typeof window === "undefined" ? null : new URLSearchParams(window.location.search).get("guild")));
  const [picked, setPicked] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const guilds = useSWR(user ? "/users/@me/managed-guilds" : null, (path: string) => apiFetch<ManagedGuild[]>(path, { silent: true }));
  const guildId = picked ?? (wanted && guilds.data?.some((guild) => guild.id === wanted && guild.bot_present) ? wanted : "");
  const guild = guilds.data?.find((entry) => entry.id === guildId);
  // The card, Chargebee and PayPal sell alike; crypto may renew a prepaid crypto plan of the same kind.
  const owned = guild ? blockingPlan(guild.paid_plans, plan, "chargebee") : null;
  const cryptoOpen = guild ? !blockingPlan(guild.paid_plans, plan, "crypto") : true;

  const chosen = plans.find((entry) => entry.plan === plan) ?? plans[0];
  const price = chosen?.prices[period];
  const botPrice = chosen?.customBot?.[period];
  const per = (value: Price) => fill(period === 12 ? text.perYear : text.perMonth, { price: formatPrice(locale, value.amount, value.currency) });
  const total = price ? { amount: price.amount + (customBot && botPrice ? botPrice.amount : 0), currency: price.currency } : null;

  async function pay(event: React.FormEvent) {
    event.preventDefault();
    if (!guildId || !chosen) return;
    setBusy(true);
    setError(null);
    try {
      const page = await apiFetch<{ url: string }>(`/guilds/${guildId}/chargebee/checkout`, { method: "POST", body: { plan, period_months: period, with_custom_bot: customBot && Boolean(botPrice) }, silent: true });
      window.location.assign(page.url);
    } catch (failure) {
      const code = failure instanceof TransportError ? errorCodeOf(failure.body) : undefined;
      setError(code === "billing_unavailable" ? text.errorUnavailable : text.errorGeneric);
      setBusy(false);
    }
  }

  if (!chosen) return null;
  return (
    <form className={styles.chooser} onSubmit={pay} aria-labelledby={`${id}-title`} aria-busy={busy}>
      <h2 id={`${id}-title`}>{text.title}</h2>
      <fieldset className={styles.group}>
        <legend>{text.plan}</legend>
        {plans.map((entry) => (
          <label key={entry.plan} className={styles.option}>
            <input type="radio" name={`${id}-plan`} value={entry.plan} checked={plan === entry.plan} onChange={() => setPlan(entry.plan)} />
            <span>{entry.name}</span>
            {entry.prices[period] ? <span className={styles.price}>{per(entry.prices[period])}</span> : null}
          </label>
        ))}
      </fieldset>
      <fieldset className={styles.group}>
        <legend>{text.period}</legend>
        {([1, 12] as const).map((months) => (
          <label key={months} className={styles.option}>
            <input type="radio" name={`${id}-period`} value={months} checked={period === months} onChange={() => setPeriod(months)} />
            <span>{months === 12 ? text.yearly : text.monthly}</span>
          </label>
        ))}
      </fieldset>
      {botPrice ? (
        <label className={styles.option}>
          <input type="checkbox" checked={customBot} onChange={(event) => setCustomBot(event.target.checked)} />
          <span>{fill(text.customBot, { price: per(botPrice) })}</span>
        </label>
      ) : null}
      {user ? (
        <div className={styles.guild}>
          <label htmlFor={`${id}-guild`}>{text.guild}</label>
          {guilds.isLoading ? (
            <p role="status">{text.loadingGuilds}</p>
          ) : (guilds.data ?? []).length === 0 ? (
            <p>{text.noGuilds}</p>
          ) : (
            <select id={`${id}-guild`} className="input" value={guildId} required onChange={(event) => setPicked(event.target.value)}>
              <option value="">{text.chooseGuild}</option>
              {/* Premium is for a server the bot is in: the others are listed, not choosable, and say why. */}
              {(guilds.data ?? []).map((entry) => (
                <option key={entry.id} value={entry.id} disabled={!entry.bot_present}>
                  {!entry.bot_present
                    ? `${entry.name} (${text.needsBot})`
                    : entry.paid_plans.length > 0
                      ? fill(text.hasPlan, { name: entry.name, plan: entry.paid_plans.map((paid) => planNames[paid.plan]).join(", ") })
                      : entry.name}
                </option>
              ))}
            </select>
          )}
        </div>
      ) : null}
      {owned && guild ? (
        <div className="notice" role="status" data-testid="checkout-already-subscribed">
          <p className={styles.owned}>
            {fill(text.alreadyHas, { guild: guild.name, plan: planNames[owned.plan] })}{" "}
            <a href={`/${locale}/dashboard/${guild.id}`}>{text.openOverview}</a>
          </p>
        </div>
      ) : total ? (
        <p className={styles.total}>{fill(text.total, { price: per(total) })}</p>
      ) : null}
      {error ? (
        <p className="notice notice-error" role="alert">
          {error}
        </p>
      ) : null}
      {user ? (
        <button type="submit" className="button button-primary" disabled={busy || !guildId || !price || owned !== null}>
          {busy ? text.opening : text.pay}
        </button>
      ) : (
        <a className="button button-primary" href={signInHref}>
          {text.signIn}
        </a>
      )}
      {busy ? (
        <p role="status" className="visually-hidden">
          {text.opening}
        </p>
      ) : null}
      {user && guildId && price && ((!owned && (other.card || other.paypal)) || (other.crypto && cryptoOpen)) ? (
        <div className={styles.other} data-testid="checkout-other-ways">
          <p>{text.otherWays}</p>
          {other.card && !owned ? (
            <a className="button button-secondary" href={`/api/stripe/plans/${plan}/checkout?guild_id=${guildId}&period=${period}`} data-testid="checkout-card">
              {text.payByCard}
            </a>
          ) : null}
          {other.paypal && !owned ? (
            <a className="button button-secondary" href={`/api/paypal/plans/${plan}/checkout?guild_id=${guildId}&period=${period}`} data-testid="checkout-paypal">
              {text.payByPaypal}
            </a>
          ) : null}
          {other.crypto && cryptoOpen ? <CryptoCheckout key={`${guildId}:${plan}:${period}`} guildId={guildId} plan={plan} period={period} text={other.crypto} /> : null}
        </div>
      ) : null}
    </form>
  );
}
