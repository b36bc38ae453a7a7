"use client";

import { lazy } from "react";
import { AfterHydration } from "@/components/after-hydration";
import type { Locale } from "@/lib/i18n/locales";
import type { RankCardOfferText } from "./rank-card-offer";

const RankCardOffer = lazy(() => import("./rank-card-offer").then((module) => ({ default: module.RankCardOffer })));

/**
 * The offer draws nothing until the browser knows whether the visitor owns the card, so its code
 * (and swr with it) need not be in the levels page's first load: it loads once the page is interactive.
 */
export function LazyRankCardOffer(props: { locale: Locale; text: RankCardOfferText }) {
  return (
    <AfterHydration fallback={null}>
      <RankCardOffer {...props} />
    </AfterHydration>
  );
}
