"use client";

import { fill } from "@/lib/i18n/fill";
import type { FormLabels } from "@/components/settings-form/types";
import { listKey } from "@/lib/premium/list-key";
import { usePremiumHref } from "./use-premium-href";

type Props = {
  pluginId: string;
  collection: string;
  /** The limit the list is full at: the free one on a free server. */
  free: number;
  premiumGuild: boolean;
  labels: FormLabels;
  text: { limitReached: string; premiumLimitReached: string };
};

/** A full list. On a free server whose limit Premium raises: both numbers and the way to the premium page for this server. */
export function CollectionLimitNotice({ pluginId, collection, free, premiumGuild, labels, text }: Props) {
  const href = usePremiumHref();
  const offer = labels.premiumOffer;
  const premium = offer?.listLimits[listKey(pluginId, collection)];
  if (premiumGuild || !offer || premium === undefined) {
    return <p className="notice notice-warning">{premiumGuild ? text.limitReached : text.premiumLimitReached}</p>;
  }
  return (
    // One span: .notice is a flex row, which would set the sentence and the link side by side.
    <p className="notice notice-warning" data-testid="premium-limit-notice">
      <span>
        {fill(offer.listLimit, { free, premium })} <a href={href}>{offer.link}</a>
      </span>
    </p>
  );
}

/** Beside a list's count on a free server whose limit Premium raises: the premium limit, linking to the premium page for this server. */
export function PremiumListUpsell({ pluginId, collection, free, premiumGuild, labels }: Omit<Props, "text">) {
  const href = usePremiumHref();
  const offer = labels.premiumOffer;
  const premium = offer?.listLimits[listKey(pluginId, collection)];
  if (premiumGuild || !offer || premium === undefined || premium <= free) return null;
  return (
    <a href={href} className="badge badge-premium" data-testid="premium-list-upsell">
      {fill(offer.listUpsell, { premium })}
    </a>
  );
}
