"use client";

import { useId, useState } from "react";
import useSWR from "swr";
import { fill } from "@/lib/i18n/fill";
import { formatPrice } from "@/lib/billing/format-price";
import { apiFetch, errorCodeOf, TransportError } from "@/lib/http/client-fetch";
import type { Locale } from "@/lib/i18n/locales";
import { useRankCardOwnership } from "./use-rank-card-ownership";
import styles from "./rank-card-offer.module.css";

export type RankCardOfferText = {
  /** What buying it unlocks. */
  offer: string;
  unlocked: string;
  unlockedBody: string;
  /** "Buy for {price}" */
  buy: string;
  /** The button when the price cannot be read. */
  buyNoPrice: string;
  buying: string;
};

type ShopOffer = { prices: Array<{ amount: number; currency: string }> };

/**
 * The custom rank card's offer where the card shows (the levels page's editor, the #rank-card
 * dialog): Buy with the shop's price, which opens the payment provider's checkout and comes back
 * to this page with the dialog open; "Unlocked" once the signed-in user owns it.
 */
export function RankCardOffer({ locale, text }: { locale: Locale; text: RankCardOfferText }) {
  const { owned, mutate } = useRankCardOwnership();
  const shop = useSWR(owned === false ? "/shop/rank-card" : null, (path: string) => apiFetch<ShopOffer>(path, { silent: true }), { revalidateOnFocus: false });
  const [starting, setStarting] = useState(false);
  const described = useId();

  async function buy() {
    setStarting(true);
    try {
      const { url } = await apiFetch<{ url: string }>("/users/@me/buy-rank-card", { method: "POST", body: { return_path: window.location.pathname }, handles: ["already_owned"], keepsPages: true });
      // The button stays busy while the browser leaves for the checkout.
      window.location.assign(url);
    } catch (error) {
      // Bought meanwhile (another tab): say so instead of an error.
      if (error instanceof TransportError && errorCodeOf(error.body) === "already_owned") await mutate({ owned: true }, { revalidate: false });
      setStarting(false);
    }
  }

  if (owned === undefined) return null;
  if (owned) {
    return (
      <p className={styles.offer} data-testid="rank-card-unlocked">
        <span className="badge badge-brand">{text.unlocked}</span>
        <span className={styles.body}>{text.unlockedBody}</span>
      </p>
    );
  }
  const price = shop.data?.prices[0];
  return (
    <div className={styles.offer} data-testid="rank-card-offer">
      <p id={described} className={styles.body}>
        {text.offer}
      </p>
      <button type="button" className="button button-primary button-small" onClick={() => void buy()} disabled={starting} aria-busy={starting} aria-describedby={described} data-testid="rank-card-buy">
        {price ? fill(text.buy, { price: formatPrice(locale, price.amount, price.currency) }) : text.buyNoPrice}
      </button>
      {starting ? (
        <p className={styles.status} role="status">
          {text.buying}
        </p>
      ) : null}
    </div>
  );
}
