import "server-only";
import { chargebeeProvider } from "./chargebee/adapter";
import { paypalProvider } from "./paypal/adapter";
import type { BillingProvider, ProviderId } from "./provider-contract";
import { stripeProvider } from "./stripe/adapter";

// The provider adapters by id: what manages a stored subscription (cancel, pause, transfer…).
// Each adapter lives in lib/billing/<provider>/ and is listed here. A provider missing from the
// list (crypto payments: nothing to call) is managed by the app alone.
const ADAPTERS: Partial<Record<ProviderId, () => BillingProvider>> = {
  stripe: () => stripeProvider,
  chargebee: () => chargebeeProvider,
  paypal: () => paypalProvider,
};

export function billingProvider(id: ProviderId): BillingProvider | null {
  return ADAPTERS[id]?.() ?? null;
}
