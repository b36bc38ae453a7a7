import "server-only";
import { and, eq, isNull, ne, or } from "drizzle-orm";
import type { Tx } from "@/lib/db/client";
import { users } from "@/lib/db/schema";
import type { ProviderId, ProviderSubscription } from "./provider-contract";

// The user's `customer_id` (spec 3 User): their customer at the card provider, written when a
// checkout there created one (Chargebee: the customer's id is the user's id; Stripe: a `cus_…`
// made by its checkout). Seen first in the subscription the provider reports, so it is written
// with it, in the same transaction. PayPal's payer id names the buyer's own PayPal account, not a
// customer we created, and crypto payments have no customer: neither writes it. The latest card
// customer wins (Stripe's checkout reuses the last one, so it changes only when Stripe lost it).

const CUSTOMER_PROVIDERS: readonly ProviderId[] = ["stripe", "chargebee"];

export async function recordCustomer(tx: Tx, sub: Pick<ProviderSubscription, "provider" | "customerId" | "userId">): Promise<void> {
  if (!sub.customerId || !CUSTOMER_PROVIDERS.includes(sub.provider)) return;
  await tx
    .update(users)
    .set({ customerId: sub.customerId })
    .where(and(eq(users.id, sub.userId), or(isNull(users.customerId), ne(users.customerId, sub.customerId))));
}
