import { randomBytes } from "node:crypto";
import type { FakePrice } from "./catalog";

// The fake's memory: customers, cards, checkout sessions, subscriptions and the events it sent.
// Times are Unix seconds, as in Stripe's objects.

export type Card = { id: string; brand: string; last4: string; expMonth: number; expYear: number; customer: string };
export type Customer = { id: string; email: string | null; name: string | null; metadata: Record<string, string>; created: number; defaultPaymentMethod: string | null };
export type Session = {
  id: string;
  mode: "subscription" | "payment";
  price: FakePrice;
  metadata: Record<string, string>;
  subscriptionMetadata: Record<string, string>;
  successUrl: string;
  cancelUrl: string;
  customer: string | null;
  customerEmail: string | null;
  clientReferenceId: string | null;
  status: "open" | "complete" | "expired";
  subscription: string | null;
  /** The payment of a mode=payment session, once paid. */
  paymentIntent: string | null;
  /** The connected account it was made on (Stripe-Account header), null for the platform's own. */
  account: string | null;
  created: number;
};
export type Subscription = {
  id: string;
  customer: string;
  price: FakePrice;
  metadata: Record<string, string>;
  status: "active" | "trialing" | "past_due" | "canceled" | "unpaid";
  cancelAtPeriodEnd: boolean;
  pauseCollection: { behavior: string; resumes_at: number | null } | null;
  defaultPaymentMethod: string | null;
  periodStart: number;
  periodEnd: number;
  trialEnd: number | null;
  canceledAt: number | null;
  /** The connected account it belongs to (Stripe-Account header), null for the platform's own. */
  account: string | null;
  created: number;
};
/** A paid invoice (the fake charges the saved card at once): at checkout, each renewal and a prorated plan change. */
export type Invoice = { id: string; customer: string; subscription: string; amountPaid: number; currency: string; billingReason: string; paidAt: number; account: string | null };
export type SentEvent = { id: string; type: string; payload: string; delivered: boolean };

export class StripeFakeState {
  customers = new Map<string, Customer>();
  cards = new Map<string, Card>();
  sessions = new Map<string, Session>();
  subscriptions = new Map<string, Subscription>();
  portalSessions = new Map<string, { customer: string; returnUrl: string }>();
  /** Connected accounts (Stripe Connect) the platform made with POST /v1/accounts. */
  accounts = new Map<string, { id: string; email: string | null; created: number }>();
  /** Prices made with POST /v1/prices (a connected account's catalogue), beside the fixed ones of catalog.ts. */
  prices = new Map<string, FakePrice>();
  invoices = new Map<string, Invoice>();
  events: SentEvent[] = [];
  /** Answers to requests made with an Idempotency-Key: the same key gets the same answer. */
  idempotent = new Map<string, { status: number; body: unknown }>();
  /** When true, every /v1 call answers 500 (Stripe having an outage). */
  down = false;

  now(): number {
    return Math.floor(Date.now() / 1000);
  }
}

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(12).toString("base64url").replace(/[-_]/g, "0")}`;
}

/** The end of a period of `months` starting at `start` (calendar months, UTC). */
export function addMonths(start: number, months: number): number {
  const date = new Date(start * 1000);
  date.setUTCMonth(date.getUTCMonth() + months);
  return Math.floor(date.getTime() / 1000);
}
