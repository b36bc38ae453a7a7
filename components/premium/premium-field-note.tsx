"use client";

import { fill } from "@/lib/i18n/fill";
import type { FormField, FormLabels } from "@/components/settings-form/types";
import { usePremiumHref } from "./use-premium-href";

type Props = { id: string; className?: string; field: FormField; labels: FormLabels };

/**
 * The line under a premium field or a free-size cap on a free server: what Premium changes
 * for this field, and a link to the premium page for this server.
 */
export function PremiumFieldNote({ id, className, field, labels }: Props) {
  const href = usePremiumHref();
  const offer = labels.premiumOffer;
  if (!offer) {
    return (
      <p id={id} className={className}>
        {fill(labels.freeMax, { max: field.freeMax ?? 0 })}
      </p>
    );
  }
  const premiumMax = field.maxItems ?? field.maxLength;
  const text = field.premium
    ? offer.field
    : premiumMax === undefined
      ? fill(offer.fieldLimitOpen, { free: field.freeMax ?? 0 })
      : fill(offer.fieldLimit, { free: field.freeMax ?? 0, premium: premiumMax });
  return (
    <p id={id} className={className} data-testid="premium-field-note">
      {text} <a href={href}>{offer.link}</a>
    </p>
  );
}
