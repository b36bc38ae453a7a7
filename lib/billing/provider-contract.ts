// What every billing provider adapter (lib/billing/<provider>/) gives the rest of the app: a
// subscription as the provider describes it now, and the operations owners use to manage it.
// Webhooks never trust an event's body for the state: they read the subscription again here, so
// events arriving late or out of order settle on what the provider holds.
import type { SubscriptionAction } from "./actions";
import type { PeriodMonths, Plan } from "./plans";

export const PROVIDERS = ["stripe", "chargebee", "paypal", "crypto"] as const;
export type ProviderId = (typeof PROVIDERS)[number];

/** active and in_trial renew; non_renewing runs to its period's end; past_due is in its grace; paused and cancelled give nothing. */
export const SUBSCRIPTION_STATUSES = ["active", "in_trial", "non_renewing", "past_due", "paused", "cancelled"] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export type ProviderSubscription = {
  provider: ProviderId;
  externalId: string;
  customerId: string | null;
  guildId: string;
  userId: string;
  plan: Plan;
  periodMonths: PeriodMonths;
  status: SubscriptionStatus;
  currentPeriodEnd: Date;
  cancelAtPeriodEnd: boolean;
  paymentMethod: { brand: string; last4: string } | null;
  withCustomBot: boolean;
};

/** The owner's operations on a subscription; each answers the provider's state after it. */
export interface BillingProvider {
  readonly id: ProviderId;
  /** Whether the provider offers `action` at all (PayPal gives no free month); unset: every action. */
  supports?(action: SubscriptionAction): boolean;
  fetchSubscription(externalId: string): Promise<ProviderSubscription>;
  cancel(externalId: string, options: { atPeriodEnd: boolean }): Promise<ProviderSubscription>;
  pause(externalId: string): Promise<ProviderSubscription>;
  resume(externalId: string): Promise<ProviderSubscription>;
  /** Undoes a cancellation at the period's end, or restarts a cancelled subscription. */
  reactivate(externalId: string): Promise<ProviderSubscription>;
  /** Moves the period's end a month later, free (where the plan allows). */
  extend(externalId: string): Promise<ProviderSubscription>;
  /** The provider's page where the customer manages payment methods and invoices. */
  portalUrl(customerId: string, returnUrl: string): Promise<string>;
  /** Records at the provider that the subscription now pays for another guild (a transfer), so later events agree. */
  setGuild(externalId: string, guildId: string): Promise<ProviderSubscription>;
}
